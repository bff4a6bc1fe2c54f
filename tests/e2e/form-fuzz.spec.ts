import fc from "fast-check";
import { builtAudiences, isLayout, pageAudience, routeManifest, type ManifestRoute } from "./built-routes";
import { uniqueEmail } from "./fixtures";
import { expect, serverURL, test } from "./test";

// Generated forms posted to every page action a member or a visitor may use (the built app's route
// manifest, and the audience each page declares): the intents the actions know, likely field names, wrong
// types, huge and empty values, Arabic, right-to-left and zero-width marks, NUL bytes and markup. However
// wrong the form, the answer is never a 5xx. Admin actions are left out here (a generated form could delete
// the demo catalogue the other specs read); the admin's JSON API is fuzzed in workerd (tests/integration/api-fuzz).

/** Forms per action: FORM_FUZZ_RUNS, else 30 (`npm run test:deep` sends 200). */
const RUNS = Number(process.env.FORM_FUZZ_RUNS) || 30;
/** Actions fuzzed side by side. */
const CONCURRENT_ACTIONS = 4;
/** Intents that end the fuzzing member's session or account, which would turn the rest into visitor runs. */
const SPARED = new Set(["sign-out-everywhere", "delete-account", "change-password"]);
const INTENTS = [
  "comment-create",
  "comment-update",
  "comment-delete",
  "message-create",
  "message-update",
  "message-delete",
  "thread-create",
  "thread-moderate",
  "thread-delete",
  "add-word",
  "edit-word",
  "move-word",
  "delete-word",
  "rename-list",
  "delete-list",
  "rename",
  "create",
  "delete",
  "move",
  "remove",
  "save",
  "avatar",
  "remove-avatar",
  "change-email",
  "cancel-email-change",
  "resend-email-change",
  "resend-verification",
  "cancel",
  "resume",
  "switch",
  "payment-method",
  "portal",
  "undo",
  "profile",
  "review",
  "answer",
  "nothing",
].filter((intent) => !SPARED.has(intent));
const FIELDS = [
  "intent",
  "body",
  "title",
  "name",
  "email",
  "password",
  "level",
  "birthday",
  "commentId",
  "messageId",
  "quotedMessageId",
  "threadId",
  "videoId",
  "listId",
  "itemId",
  "toListId",
  "arabic",
  "english",
  "transliteration",
  "rating",
  "cardId",
  "requestId",
  "answer",
  "plan",
  "reason",
  "direction",
  "enhanced",
  "redirect",
  "token",
  "consent",
  "q",
  "page",
];

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom("\u0000", "\u200b", "\u200f", "\u202e", "ع", "ّ", "a", " ", "<", '"', "%", "&", "="),
    maxLength: 60,
  }),
  fc.constantFrom("", " ", "0", "-1", "1e309", "NaN", "99999999999999999999", "true", "[]", "{}", "null"),
  fc.constantFrom("قهوة بلا سكّر", "<script>alert(1)</script>", "' OR 1=1 --", "../../etc/passwd", "x".repeat(20_000)),
);
const form = fc
  .record({
    intent: fc.option(fc.constantFrom(...INTENTS), { nil: undefined }),
    fields: fc.array(fc.tuple(fc.constantFrom(...FIELDS), text), { maxLength: 8 }),
  })
  .map(({ intent, fields }) => {
    const params = new URLSearchParams();
    if (intent) params.append("intent", intent);
    for (const [name, value] of fields) params.append(name, value);
    return params.toString();
  });

function actionRoutes() {
  const routes = routeManifest();
  const declared = builtAudiences();
  const urlOf = (id: string) => {
    const segments: string[] = [];
    for (
      let route: ManifestRoute | undefined = routes[id];
      route;
      route = route.parentId ? routes[route.parentId] : undefined
    ) {
      if (route.path) segments.unshift(route.path);
    }
    return `/${segments.join("/")}`
      .replace(/:videoId/g, "1")
      .replace(/:videoSlug/g, "greetings-in-damascus")
      .replace(/:(\w+)/g, (_all, name: string) => (/id$/i.test(name) ? "1" : "x"));
  };
  return (
    Object.values(routes)
      .filter((route) => route.hasAction && !isLayout(route))
      .filter((route) => pageAudience(routes, declared, route.id) !== "admin")
      // An index route's action answers only with `?index` (without it the POST goes to its parent's).
      .map((route) => ({ id: route.id, url: urlOf(route.id), index: route.index === true }))
  );
}

test("generated forms never get a 5xx from any member or public page action", async ({ request }) => {
  test.setTimeout(300_000);
  const origin = serverURL();
  const registered = await request.post("/api/auth/register", {
    data: { name: "Form fuzz", email: uniqueEmail("fuzz"), password: "marhaba-marhaba-1" },
  });
  expect(registered.status()).toBeLessThan(300);
  const { token } = ((await registered.json()) as { data: { token: string } }).data;

  const routes = actionRoutes();
  expect(routes.length).toBeGreaterThan(20);
  const failures: string[] = [];
  let sent = 0;
  const queue = [...routes];
  const fuzz = async (route: (typeof routes)[number]) => {
    let forms = 0;
    await fc.assert(
      fc.asyncProperty(form, async (body) => {
        // One form in three as a document (what a form without JavaScript posts: the action, then the page
        // rendered with its answer), the others as the data request the enhanced form makes (`.data`: the
        // action alone, a third of the server's work), so every action meets both.
        const asDocument = forms++ % 3 === 0;
        const url = new URL(asDocument ? route.url : `${route.url}.data`, origin);
        if (route.index) url.search = "?index";
        const response = await fetch(url, {
          method: "POST",
          redirect: "manual",
          headers: { Cookie: `token=${token}`, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
          body,
        });
        await response.arrayBuffer();
        sent += 1;
        if (response.status >= 500)
          failures.push(`${url.pathname} (${route.id}): ${response.status} for ${body.slice(0, 200)}`);
        return response.status < 500;
      }),
      { numRuns: RUNS },
    );
  };
  // Four actions at a time, each with its own generated forms one after another: the server answers one
  // while another waits on D1, so the run takes a fraction of the time with the same forms.
  await Promise.all(
    Array.from({ length: CONCURRENT_ACTIONS }, async () => {
      for (let route = queue.shift(); route; route = queue.shift()) await fuzz(route);
    }),
  );
  console.log(
    `${routes.length} page actions × ${RUNS} generated forms: ${sent} posts, ${failures.length} answered 5xx`,
  );
  expect(failures).toEqual([]);
});
