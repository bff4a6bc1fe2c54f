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
import { useEffect, useRef, useState } from "react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { TextField, useIsPending } from "~/components/form-fields";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DatePicker, datePickerLinks } from "~/components/ui/date-picker";
import { FieldErrors, FormErrors, inputClasses } from "~/components/ui/field";
import { forAudience, requireMember, requireUser } from "~/lib/auth.server";
import { cn } from "~/lib/cn";
import { invalidSubmission, replyWithAppError } from "~/lib/form-reply.server";
import { titleMeta } from "~/lib/route-meta";
import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  avatarSchema,
  birthdayBounds,
  LEVELS,
  TRANSLITERATION_SCHEMES,
} from "#core/schemas/profile";
import { redirectWithToast } from "~/lib/toast.server";
import {
  DAILY_MINUTES,
  GOAL_LABELS,
  LEARNING_GOALS,
  NO_REGION,
  onboardingHref,
  profileWithPreferencesSchema,
  selfCheckInvitation,
} from "#core/schemas/onboarding";
import { ChoicePill } from "~/features/onboarding/components/choice";
import { getPreferencesWithSelfCheck, updatePreferences } from "#server/services/onboarding";
import { avatarUrl, removeAvatar, setAvatar, updateProfile } from "#server/services/profile";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "member";

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

/** Every IANA zone this runtime knows (the list the browser is offered), with UTC and the stored one. */
function timeZoneChoices(stored: string | null): string[] {
  const zones = new Set(Intl.supportedValuesOf("timeZone"));
  zones.add("UTC");
  if (stored) zones.add(stored);
  return [...zones].sort();
}

export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireMember(context, request);
  const { user } = viewer;
  const { preferences, regions, selfCheckClips } = await getPreferencesWithSelfCheck(context.app, {
    userId: user.id,
    access: viewer.lessonAccess(),
  });
  return {
    preferences: {
      goal: preferences.goal,
      dailyGoalMinutes: preferences.dailyGoalMinutes,
      dialectRegion: preferences.dialectRegion,
      timeZone: preferences.timeZone,
      onboarded: preferences.onboardedAt !== null,
    },
    regions,
    selfCheck: selfCheckInvitation(selfCheckClips),
    timeZones: timeZoneChoices(preferences.timeZone),
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
});

export const action = forAudience(audience, async function action({ request, context }: ActionFunctionArgs) {
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
    await removeAvatar(context.app, { userId: user.id });
    return redirectWithToast("/profile", { text: "Your photo was removed." });
  }

  if (intent === "avatar") {
    const submission = parseWithZod(formData, { schema: avatarSchema });
    if (submission.status !== "success") return invalidSubmission(submission, { extra: { intent } });
    try {
      await setAvatar(context.app, { userId: user.id, file: submission.value.avatar });
    } catch (error) {
      return replyWithAppError(submission, error, { extra: { intent } });
    }
    return redirectWithToast("/profile", { text: "Your new photo is up." });
  }

  const submission = parseWithZod(formData, { schema: profileWithPreferencesSchema });
  if (submission.status !== "success") return invalidSubmission(submission, { extra: { intent: "profile" as Intent } });
  try {
    const { goal, dailyGoalMinutes, dialectRegion, timeZone, ...profile } = submission.value;
    // The preferences first: an unknown region is refused before anything is written.
    await updatePreferences(context.app, { userId: user.id, goal, dailyGoalMinutes, dialectRegion, timeZone });
    await updateProfile(context.app, { userId: user.id, ...profile });
  } catch (error) {
    return replyWithAppError(submission, error, { extra: { intent: "profile" as Intent } });
  }
  return redirectWithToast("/profile", { text: "Your profile is saved." });
});

export default function ProfilePage() {
  const { profile, preferences, regions, timeZones, selfCheck } = useLoaderData<typeof loader>();
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
        <ProfileSection
          profile={profile}
          preferences={preferences}
          regions={regions}
          timeZones={timeZones}
          selfCheck={selfCheck}
        />
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

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type Profile = LoaderData["profile"];

function ProfileSection({
  profile,
  preferences,
  regions,
  timeZones,
  selfCheck,
}: {
  profile: Profile;
  preferences: LoaderData["preferences"];
  regions: LoaderData["regions"];
  timeZones: string[];
  /** The self-check's invitation with the number of clips this member gets, or null when there is none. */
  selfCheck: string | null;
}) {
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
      goal: preferences.goal ?? "",
      dailyGoalMinutes: preferences.dailyGoalMinutes ? String(preferences.dailyGoalMinutes) : "",
      dialectRegion: preferences.dialectRegion ?? NO_REGION,
      timeZone: preferences.timeZone ?? "",
    },
    constraint: getZodConstraint(profileWithPreferencesSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileWithPreferencesSchema }),
  });
  const timeZoneRef = useRef<HTMLSelectElement>(null);
  // Nothing stored yet: preselect the zone this browser is in (the member still saves it).
  useEffect(() => {
    const select = timeZoneRef.current;
    const detected = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (select && !select.value && detected && timeZones.includes(detected)) select.value = detected;
  }, [timeZones]);
  const bounds = birthdayBounds();
  const { key: levelKey, ...levelProps } = getSelectProps(fields.level, { ariaAttributes: false });
  const { key: minutesKey, ...minutesProps } = getSelectProps(fields.dailyGoalMinutes, { ariaAttributes: false });
  const { key: regionKey, ...regionProps } = getSelectProps(fields.dialectRegion, { ariaAttributes: false });
  const { key: timeZoneKey, ...timeZoneProps } = getSelectProps(fields.timeZone, { ariaAttributes: false });
  const goalErrors = fields.goal.errors;

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
            {selfCheck ? (
              <>
                {" "}
                Not sure?{" "}
                <Link to={onboardingHref("/profile")} className="font-medium text-primary-700 hover:underline">
                  {selfCheck}
                </Link>
                .
              </>
            ) : null}
          </p>
          <FieldErrors id={fields.level.errorId} errors={fields.level.errors} />
        </div>

        <fieldset className="space-y-2" aria-describedby={goalErrors ? fields.goal.errorId : undefined}>
          <legend className="text-sm font-medium text-ink">Why you are learning</legend>
          <div className="flex flex-wrap gap-2">
            {LEARNING_GOALS.map((goal) => (
              <ChoicePill
                key={`${goal}-${fields.goal.key ?? ""}`}
                name={fields.goal.name}
                value={goal}
                id={`${fields.goal.id}-${goal}`}
                defaultChecked={fields.goal.initialValue === goal}
              >
                {GOAL_LABELS[goal].title}
              </ChoicePill>
            ))}
          </div>
          <FieldErrors id={fields.goal.errorId} errors={goalErrors} />
        </fieldset>

        <div className="grid gap-6 sm:grid-cols-2">
          <div className="space-y-1.5">
            <label htmlFor={fields.dailyGoalMinutes.id} className="block text-sm font-medium text-ink">
              Minutes a day
            </label>
            <select
              key={minutesKey}
              {...minutesProps}
              aria-invalid={fields.dailyGoalMinutes.errors ? true : undefined}
              aria-describedby={cn(
                fields.dailyGoalMinutes.errors && fields.dailyGoalMinutes.errorId,
                `${fields.dailyGoalMinutes.id}-hint`,
              )}
              className={cn(inputClasses, "appearance-auto")}
            >
              <option value="">Not set</option>
              {minuteChoices(preferences.dailyGoalMinutes).map((minutes) => (
                <option key={minutes} value={String(minutes)}>
                  {minutes} {minutes === 1 ? "minute" : "minutes"}
                </option>
              ))}
            </select>
            <p id={`${fields.dailyGoalMinutes.id}-hint`} className="text-sm text-muted">
              Your daily goal of video; your{" "}
              <Link to="/progress" className="font-medium text-primary-700 hover:underline">
                progress
              </Link>{" "}
              counts it.
            </p>
            <FieldErrors id={fields.dailyGoalMinutes.errorId} errors={fields.dailyGoalMinutes.errors} />
          </div>

          <div className="space-y-1.5">
            <label htmlFor={fields.dialectRegion.id} className="block text-sm font-medium text-ink">
              Dialect you want most
            </label>
            <select
              key={regionKey}
              {...regionProps}
              aria-invalid={fields.dialectRegion.errors ? true : undefined}
              aria-describedby={cn(
                fields.dialectRegion.errors && fields.dialectRegion.errorId,
                `${fields.dialectRegion.id}-hint`,
              )}
              className={cn(inputClasses, "appearance-auto")}
            >
              <option value={NO_REGION}>No preference</option>
              {regions.map((region) => (
                <option key={region.code} value={region.code}>
                  {region.name}
                  {region.dialect ? ` (${region.dialect})` : ""}
                </option>
              ))}
            </select>
            <p id={`${fields.dialectRegion.id}-hint`} className="text-sm text-muted">
              Lessons from there come first in your suggestions.
            </p>
            <FieldErrors id={fields.dialectRegion.errorId} errors={fields.dialectRegion.errors} />
          </div>
        </div>

        <div className="space-y-1.5">
          <label htmlFor={fields.timeZone.id} className="block text-sm font-medium text-ink">
            Time zone
          </label>
          <select
            key={timeZoneKey}
            ref={timeZoneRef}
            {...timeZoneProps}
            aria-invalid={fields.timeZone.errors ? true : undefined}
            aria-describedby={cn(fields.timeZone.errors && fields.timeZone.errorId, `${fields.timeZone.id}-hint`)}
            className={cn(inputClasses, "appearance-auto")}
          >
            <option value="">Not set</option>
            {timeZones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </select>
          <p id={`${fields.timeZone.id}-hint`} className="text-sm text-muted">
            Your days, streaks and reminders follow it.
          </p>
          <FieldErrors id={fields.timeZone.errorId} errors={fields.timeZone.errors} />
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

/** The goals offered, with the member's own when they set another one on /progress. */
function minuteChoices(current: number | null): number[] {
  const choices: number[] = [...DAILY_MINUTES];
  if (current && !choices.includes(current)) choices.push(current);
  return choices.sort((a, b) => a - b);
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
