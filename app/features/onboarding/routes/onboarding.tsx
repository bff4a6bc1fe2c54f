import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ChoiceCard, ChoicePill, ChoiceStep } from "../components/choice";
import { SelfCheck } from "../components/self-check";
import { BookIcon, ChartIcon, GlobeIcon, UsersIcon } from "~/components/icons";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { useIsPending } from "~/components/form-fields";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { forAudience, requireMember, safeRedirectPath } from "~/lib/auth.server";
import { invalidSubmission, replyWithAppError } from "~/lib/form-reply.server";
import { titleMeta } from "~/lib/route-meta";
import { redirectWithToast } from "~/lib/toast.server";
import { LEVEL_LABELS } from "#core/format";
import {
  DAILY_MINUTES,
  GOAL_LABELS,
  LEARNING_GOALS,
  LEVEL_DESCRIPTIONS,
  LEVELS,
  NO_REGION,
  NOTHING_RATED,
  onboardingSchema,
  regionNameAr,
  SELF_CHECK_FIELDS,
  selfCheckSchema,
  suggestLevel,
} from "#core/schemas/onboarding";
import type { LearningGoal, Level } from "#core/levels";
import { completeOnboarding, getOnboardingPage, SELF_CHECK_CLIP_SECONDS } from "#server/services/onboarding";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "member";

const DEFAULT_NEXT = "/video-library";

/** Where to go when done or skipped: a path of ours (never another site), and never this page again. */
function nextFrom(value: FormDataEntryValue | string | null): string {
  const next = safeRedirectPath(typeof value === "string" ? value : null, DEFAULT_NEXT);
  return next === "/onboarding" || next.startsWith("/onboarding?") || next.startsWith("/onboarding/")
    ? DEFAULT_NEXT
    : next;
}

export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireMember(context, request);
  const next = nextFrom(new URL(request.url).searchParams.get("next"));
  const { preferences, regions, clips } = await getOnboardingPage(context.app, {
    userId: viewer.userId,
    access: viewer.lessonAccess(),
  });
  return {
    next,
    preferences: {
      level: preferences.level,
      goal: preferences.goal,
      dailyGoalMinutes: preferences.dailyGoalMinutes,
      dialectRegion: preferences.dialectRegion,
      onboarded: preferences.onboardedAt !== null,
    },
    regions,
    clips,
  };
});

export const action = forAudience(audience, async function action({ request, context }: ActionFunctionArgs) {
  const { userId } = await requireMember(context, request);
  const formData = await request.formData();
  const next = nextFrom(formData.get("next") ?? new URL(request.url).searchParams.get("next"));

  if (formData.get("intent") === "check") {
    const submission = parseWithZod(formData, { schema: selfCheckSchema });
    if (submission.status !== "success") {
      return invalidSubmission(submission, { extra: { intent: "check" as const, suggestion: null } });
    }
    const suggestion = suggestLevel(submission.value);
    const result = submission.reply();
    return {
      intent: "check" as const,
      // Each answer gets its own id, so a second "Suggest" selects the level again even if it is the same.
      suggestion: { ...suggestion, id: crypto.randomUUID() },
      result: { ...result, initialValue: { ...result.initialValue, level: suggestion.level } },
    };
  }

  const submission = parseWithZod(formData, { schema: onboardingSchema });
  if (submission.status !== "success") {
    return invalidSubmission(submission, { extra: { intent: "save" as const, suggestion: null } });
  }
  try {
    await completeOnboarding(context.app, { userId, ...submission.value });
  } catch (error) {
    return replyWithAppError(submission, error, { extra: { intent: "save" as const, suggestion: null } });
  }
  return redirectWithToast(next, {
    text:
      next === DEFAULT_NEXT
        ? "Saved. Your suggestions are under “For you”."
        : "Saved. You can change any of it on your profile.",
  });
});

const GOAL_ICONS: Record<LearningGoal, { icon: (props: { className?: string }) => React.ReactNode; ar: string }> = {
  travel: { icon: GlobeIcon, ar: "سفر" },
  family: { icon: UsersIcon, ar: "عيلة" },
  work: { icon: ChartIcon, ar: "شغل" },
  heritage: { icon: BookIcon, ar: "جذور" },
};

const STEPS = 4;

export default function OnboardingPage() {
  const { next, preferences, regions, clips } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const saving = useIsPending("save");
  const checking = useIsPending("check");
  const suggestion = actionData?.suggestion ?? null;
  const [form, fields] = useForm({
    id: "onboarding",
    lastResult: actionData?.result,
    defaultValue: {
      level: preferences.level ?? undefined,
      goal: preferences.goal ?? undefined,
      dailyGoalMinutes: preferences.dailyGoalMinutes ? String(preferences.dailyGoalMinutes) : undefined,
      dialectRegion: preferences.dialectRegion ?? NO_REGION,
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: formData.get("intent") === "check" ? selfCheckSchema : onboardingSchema }),
  });
  const timeZoneRef = useRef<HTMLInputElement>(null);
  // The browser knows the member's time zone; without JavaScript the stored one stays as it is.
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (timeZoneRef.current && zone) timeZoneRef.current.value = zone;
  }, []);

  const initial = (value: unknown) => (typeof value === "string" ? value : undefined);
  const levelChoice = suggestion?.level ?? initial(fields.level.initialValue);
  const region = initial(fields.dialectRegion.initialValue) ?? NO_REGION;
  const selfCheckFields = Object.fromEntries(
    LEVELS.map((level) => {
      const field = fields[SELF_CHECK_FIELDS[level]];
      return [
        level,
        {
          name: field.name,
          id: field.id,
          errorId: field.errorId,
          errors: field.errors,
          initialValue: initial(field.initialValue),
        },
      ];
    }),
  ) as Record<Level, { name: string; id: string; errorId: string; errors?: string[]; initialValue?: string }>;
  // "Nothing rated" belongs beside the self-check's button; any other form error above the form.
  const checkErrors = form.errors?.filter((error) => error === NOTHING_RATED);
  const formErrors = form.errors?.filter((error) => error !== NOTHING_RATED);

  return (
    <main className="mx-auto w-full max-w-4xl px-4 pt-8 pb-16 sm:px-6 lg:pt-12">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-lg font-semibold text-primary-700">
            <span lang="ar" dir="rtl">
              أهلا وسهلا!
            </span>
          </p>
          <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">Let’s fit Ahla to you</h1>
          <p className="mt-2 max-w-2xl text-muted">
            Four quick questions, about a minute. We use them to suggest lessons, and you can change any of it later on
            your{" "}
            <Link to="/profile" className="font-medium text-primary-700 hover:underline">
              profile
            </Link>
            .
          </p>
        </div>
        <Link
          to={next}
          className="shrink-0 text-sm font-medium text-muted underline-offset-4 hover:text-ink hover:underline"
        >
          Skip for now
        </Link>
      </header>

      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-6">
        <input type="hidden" name="next" value={next} />
        <input ref={timeZoneRef} type="hidden" name="timeZone" defaultValue="" />
        <FormErrors errors={formErrors} />

        <section className="rounded-xl border border-line bg-surface p-5 shadow-sm sm:p-7">
          <ChoiceStep
            step={1}
            of={STEPS}
            title="Your level"
            titleAr="مستواك"
            hint="Pick what sounds like you. Every lesson has Arabic, transliteration and English, so a level is a starting point, not a test."
            errorId={fields.level.errorId}
            errors={fields.level.errors}
          >
            <div className="grid gap-3 sm:grid-cols-3">
              {LEVELS.map((level) => (
                <ChoiceCard
                  // A new suggestion selects its level, even after the member picked another one.
                  key={`${level}-${suggestion?.id ?? "none"}`}
                  name={fields.level.name}
                  value={level}
                  id={`${fields.level.id}-${level}`}
                  defaultChecked={levelChoice === level}
                  title={LEVEL_LABELS[level]}
                  description={LEVEL_DESCRIPTIONS[level]}
                />
              ))}
            </div>
          </ChoiceStep>
          <SelfCheck
            clips={clips}
            fields={selfCheckFields}
            clipSeconds={SELF_CHECK_CLIP_SECONDS}
            suggestion={suggestion}
            errors={checkErrors}
            pending={checking}
          />
        </section>

        <section className="rounded-xl border border-line bg-surface p-5 shadow-sm sm:p-7">
          <ChoiceStep
            step={2}
            of={STEPS}
            title="Why are you learning?"
            titleAr="ليش عم تتعلّم؟"
            hint="It changes nothing you can watch; it helps us explain our suggestions."
            errorId={fields.goal.errorId}
            errors={fields.goal.errors}
          >
            <div className="grid gap-3 sm:grid-cols-2">
              {LEARNING_GOALS.map((goal) => {
                const { icon: Icon, ar } = GOAL_ICONS[goal];
                return (
                  <ChoiceCard
                    key={goal}
                    name={fields.goal.name}
                    value={goal}
                    id={`${fields.goal.id}-${goal}`}
                    defaultChecked={initial(fields.goal.initialValue) === goal}
                    title={GOAL_LABELS[goal].title}
                    description={GOAL_LABELS[goal].description}
                    aside={
                      <span className="flex flex-col items-center gap-1 text-primary-700">
                        <Icon className="size-5" />
                        <span lang="ar" dir="rtl" className="text-sm">
                          {ar}
                        </span>
                      </span>
                    }
                  />
                );
              })}
            </div>
          </ChoiceStep>
        </section>

        <section className="rounded-xl border border-line bg-surface p-5 shadow-sm sm:p-7">
          <ChoiceStep
            step={3}
            of={STEPS}
            title="Minutes a day"
            titleAr="كم دقيقة باليوم؟"
            hint="A daily goal you can keep. Ten minutes is one short lesson with its words."
            errorId={fields.dailyGoalMinutes.errorId}
            errors={fields.dailyGoalMinutes.errors}
          >
            <div className="flex flex-wrap gap-2">
              {DAILY_MINUTES.map((minutes) => (
                <ChoicePill
                  key={minutes}
                  name={fields.dailyGoalMinutes.name}
                  value={String(minutes)}
                  id={`${fields.dailyGoalMinutes.id}-${minutes}`}
                  defaultChecked={initial(fields.dailyGoalMinutes.initialValue) === String(minutes)}
                >
                  {minutes} minutes
                </ChoicePill>
              ))}
            </div>
          </ChoiceStep>
        </section>

        <section className="rounded-xl border border-line bg-surface p-5 shadow-sm sm:p-7">
          <ChoiceStep
            step={4}
            of={STEPS}
            title="The dialect you want most"
            titleAr="أيّ لهجة بدّك؟"
            hint="Levantine Arabic sounds a little different in each place. Lessons from your region come first; you still see the others."
            errorId={fields.dialectRegion.errorId}
            errors={fields.dialectRegion.errors}
          >
            <div className="grid gap-3 sm:grid-cols-2">
              <ChoiceCard
                name={fields.dialectRegion.name}
                value={NO_REGION}
                id={`${fields.dialectRegion.id}-${NO_REGION}`}
                defaultChecked={region === NO_REGION}
                title="No preference"
                description="Every region alike."
              />
              {regions.map((country) => {
                const nameAr = regionNameAr(country.code);
                return (
                  <ChoiceCard
                    key={country.code}
                    name={fields.dialectRegion.name}
                    value={country.code}
                    id={`${fields.dialectRegion.id}-${country.code}`}
                    defaultChecked={region.toLowerCase() === country.code.toLowerCase()}
                    title={country.name}
                    description={country.dialect ? `${country.dialect} Arabic` : undefined}
                    aside={
                      nameAr ? (
                        <span lang="ar" dir="rtl" className="text-base text-primary-700">
                          {nameAr}
                        </span>
                      ) : undefined
                    }
                  />
                );
              })}
            </div>
          </ChoiceStep>
        </section>

        <div className="flex flex-col items-stretch gap-3 border-t border-line pt-6 sm:flex-row sm:items-center sm:justify-end">
          <Button type="submit" name="intent" value="save" size="lg" disabled={saving}>
            {saving ? "Saving…" : preferences.onboarded ? "Save my answers" : "Save and show my lessons"}
          </Button>
        </div>
      </Form>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Get started");
