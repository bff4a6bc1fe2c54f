import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { TextField, useIsPending } from "~/components/form-fields";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DatePicker, datePickerLinks } from "~/components/ui/date-picker";
import { FieldErrors, FormErrors, inputClasses } from "~/components/ui/field";
import { requireUser } from "~/lib/auth.server";
import { cn } from "~/lib/cn";
import { invalidSubmission, replyWithAppError } from "~/lib/form-reply.server";
import { titleMeta } from "~/lib/route-meta";
import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  avatarSchema,
  birthdayBounds,
  LEVELS,
  profileSchema,
  TRANSLITERATION_SCHEMES,
} from "#core/schemas/profile";
import { redirectWithToast } from "~/lib/toast.server";
import { avatarUrl, removeAvatar, setAvatar, updateProfile } from "#server/services/profile";

const LEVEL_LABELS: Record<(typeof LEVELS)[number], string> = {
  beginner: "Beginner",
  intermediate: "Intermediate",
  advanced: "Advanced",
};

const SCHEME_LABELS: Record<(typeof TRANSLITERATION_SCHEMES)[number], { title: string; example: string }> = {
  romanized: { title: "Romanized", example: "kīfak? shu akhbārak?" },
  arabizi: { title: "Arabizi", example: "kifak? shu a5barak?" },
};

type Intent = "profile" | "avatar" | "remove-avatar";

export const links: LinksFunction = () => datePickerLinks;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  return {
    profile: {
      id: user.id,
      name: user.name,
      email: user.email,
      level: user.level,
      birthday: user.birthday,
      transliterationScheme: user.transliterationScheme,
      avatarUrl: avatarUrl(user.id, user.avatarKey),
    },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  // Refuse an oversized upload before reading it into memory.
  const declaredLength = Number(request.headers.get("Content-Length") ?? 0);
  if (declaredLength > AVATAR_MAX_BYTES + 64 * 1024) {
    const result: SubmissionResult<string[]> = {
      status: "error",
      initialValue: {},
      error: { avatar: ["The image must be 2 MB or smaller."] },
    };
    return data({ intent: "avatar" as Intent, result }, { status: 413 });
  }
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "profile") as Intent;

  if (intent === "remove-avatar") {
    await removeAvatar(context.app, user.id);
    return redirectWithToast("/profile", { text: "Your photo was removed." });
  }

  if (intent === "avatar") {
    const submission = parseWithZod(formData, { schema: avatarSchema });
    if (submission.status !== "success") return invalidSubmission(submission, { extra: { intent } });
    try {
      await setAvatar(context.app, user.id, submission.value.avatar);
    } catch (error) {
      return replyWithAppError(submission, error, { extra: { intent } });
    }
    return redirectWithToast("/profile", { text: "Your new photo is up." });
  }

  const submission = parseWithZod(formData, { schema: profileSchema });
  if (submission.status !== "success") return invalidSubmission(submission, { extra: { intent: "profile" as Intent } });
  try {
    await updateProfile(context.app, user.id, submission.value);
  } catch (error) {
    return replyWithAppError(submission, error, { extra: { intent: "profile" as Intent } });
  }
  return redirectWithToast("/profile", { text: "Your profile is saved." });
}

export default function ProfilePage() {
  const { profile } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="mb-8">
        <h1 className="text-3xl font-semibold tracking-tight">Your profile</h1>
        <p className="mt-2 text-muted">
          How you appear in the community, and how lessons are shown to you. Email and password live in{" "}
          <Link to="/settings" className="font-medium text-primary-700 hover:underline">
            Settings
          </Link>
          .
        </p>
      </header>
      <div className="space-y-6">
        <AvatarSection name={profile.name} avatarUrl={profile.avatarUrl} />
        <ProfileSection profile={profile} />
      </div>
    </div>
  );
}

function useResultFor(intent: Intent) {
  const actionData = useActionData<typeof action>();
  return actionData?.intent === intent ? actionData.result : undefined;
}

function AvatarSection({ name, avatarUrl }: { name: string; avatarUrl: string | null }) {
  const lastResult = useResultFor("avatar");
  const uploading = useIsPending("avatar");
  const removing = useIsPending("remove-avatar");
  // The preview belongs to the photo it would replace; once a new one is stored it no longer shows.
  const [preview, setPreview] = useState<{ url: string; replacing: string | null } | null>(null);
  const [form, fields] = useForm({
    id: "avatar",
    lastResult,
    constraint: getZodConstraint(avatarSchema),
    shouldValidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: avatarSchema }),
  });

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview.url)), [preview]);

  const { key: fileKey, ...fileProps } = getInputProps(fields.avatar, { type: "file", ariaAttributes: false });
  const shown = preview && preview.replacing === avatarUrl ? preview.url : avatarUrl;

  return (
    <Card className="p-6 sm:p-8">
      <h2 className="text-lg font-semibold">Photo</h2>
      <p className="mt-1 text-sm text-muted">PNG, JPEG or WebP, up to 2 MB. A square picture looks best.</p>
      <div className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-start">
        <div className="shrink-0">
          {shown ? (
            <img src={shown} alt="" className="size-24 rounded-full object-cover ring-4 ring-primary-50" />
          ) : (
            <span
              aria-hidden="true"
              className="grid size-24 place-items-center rounded-full bg-primary-100 text-3xl font-semibold text-primary-800 ring-4 ring-primary-50"
            >
              {initials(name)}
            </span>
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-4">
          <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-3">
            <input type="hidden" name="intent" value="avatar" />
            <FormErrors errors={form.errors} />
            <div className="space-y-1.5">
              <label htmlFor={fields.avatar.id} className="block text-sm font-medium text-ink">
                Choose a new photo
              </label>
              <input
                key={fileKey}
                {...fileProps}
                accept={AVATAR_TYPES.join(",")}
                aria-invalid={fields.avatar.errors ? true : undefined}
                aria-describedby={fields.avatar.errors ? fields.avatar.errorId : undefined}
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  const isImage = file && (AVATAR_TYPES as readonly string[]).includes(file.type);
                  setPreview(isImage ? { url: URL.createObjectURL(file), replacing: avatarUrl } : null);
                }}
                className={cn(
                  inputClasses,
                  "cursor-pointer p-1.5 file:me-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-primary-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-primary-800 hover:file:bg-primary-100",
                )}
              />
              <FieldErrors id={fields.avatar.errorId} errors={fields.avatar.errors} />
            </div>
          </Form>
          <div className="flex flex-wrap items-center gap-3">
            {/* Outside its form (form="avatar") so the remove form can sit beside it without nesting forms. */}
            <Button type="submit" form={form.id} disabled={uploading}>
              {uploading ? "Uploading…" : "Upload photo"}
            </Button>
            {avatarUrl ? (
              <Form method="post">
                <input type="hidden" name="intent" value="remove-avatar" />
                <Button type="submit" variant="ghost" disabled={removing} className="text-red-700 hover:bg-red-50">
                  {removing ? "Removing…" : "Remove photo"}
                </Button>
              </Form>
            ) : null}
          </div>
        </div>
      </div>
    </Card>
  );
}

type Profile = ReturnType<typeof useLoaderData<typeof loader>>["profile"];

function ProfileSection({ profile }: { profile: Profile }) {
  const lastResult = useResultFor("profile");
  const saving = useIsPending("profile");
  const [form, fields] = useForm({
    id: "profile",
    lastResult,
    defaultValue: {
      name: profile.name,
      level: profile.level ?? "",
      transliterationScheme: profile.transliterationScheme,
      birthday: profile.birthday ?? "",
    },
    constraint: getZodConstraint(profileSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
  });
  const bounds = birthdayBounds();
  const { key: levelKey, ...levelProps } = getSelectProps(fields.level, { ariaAttributes: false });

  return (
    <Card className="p-6 sm:p-8">
      <h2 className="text-lg font-semibold">About you</h2>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-6">
        <input type="hidden" name="intent" value="profile" />
        <FormErrors errors={form.errors} />
        <TextField meta={fields.name} label="Name" autoComplete="name" hint="Shown next to your comments and posts." />

        <div className="space-y-1.5">
          <label htmlFor={fields.level.id} className="block text-sm font-medium text-ink">
            Your Shami level
          </label>
          <select
            key={levelKey}
            {...levelProps}
            aria-invalid={fields.level.errors ? true : undefined}
            aria-describedby={cn(fields.level.errors && fields.level.errorId, `${fields.level.id}-hint`)}
            className={cn(inputClasses, "appearance-auto")}
          >
            <option value="">Not set</option>
            {LEVELS.map((level) => (
              <option key={level} value={level}>
                {LEVEL_LABELS[level]}
              </option>
            ))}
          </select>
          <p id={`${fields.level.id}-hint`} className="text-sm text-muted">
            Beginner: a few phrases. Intermediate: simple conversations. Advanced: you follow most everyday speech.
          </p>
          <FieldErrors id={fields.level.errorId} errors={fields.level.errors} />
        </div>

        <fieldset
          className="space-y-2"
          aria-describedby={fields.transliterationScheme.errors ? fields.transliterationScheme.errorId : undefined}
        >
          <legend className="text-sm font-medium text-ink">Transliteration</legend>
          <p className="text-sm text-muted">How Arabic is spelled in Latin letters under each line of a lesson.</p>
          <div className="grid gap-3 sm:grid-cols-2">
            {TRANSLITERATION_SCHEMES.map((scheme) => {
              const { key, ...radioProps } = getInputProps(fields.transliterationScheme, {
                type: "radio",
                value: scheme,
                ariaAttributes: false,
              });
              return (
                <label
                  key={key ?? scheme}
                  className="flex cursor-pointer items-start gap-3 rounded-xl border border-line bg-white p-4 transition has-[:checked]:border-primary-600 has-[:checked]:bg-primary-50 has-[:checked]:ring-2 has-[:checked]:ring-primary-200"
                >
                  <input
                    {...radioProps}
                    id={`${fields.transliterationScheme.id}-${scheme}`}
                    className="mt-1 size-4 accent-primary-700"
                  />
                  <span>
                    <span className="block font-medium">{SCHEME_LABELS[scheme].title}</span>
                    <span className="block text-sm text-muted">{SCHEME_LABELS[scheme].example}</span>
                  </span>
                </label>
              );
            })}
          </div>
          <FieldErrors id={fields.transliterationScheme.errorId} errors={fields.transliterationScheme.errors} />
        </fieldset>

        <DatePicker
          name={fields.birthday.name}
          id={fields.birthday.id}
          label="Birthday"
          defaultValue={(fields.birthday.initialValue as string | undefined) ?? profile.birthday ?? ""}
          errors={fields.birthday.errors}
          hint="Optional. Only you can see it."
          disabled={{ after: new Date() }}
          min={bounds.min}
          max={bounds.max}
        />

        <div className="flex justify-end border-t border-line pt-6">
          <Button type="submit" size="lg" disabled={saving}>
            {saving ? "Saving…" : "Save profile"}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

function initials(name: string) {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase());
  return letters.join("") || "?";
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Profile");
