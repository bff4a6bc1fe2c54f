import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as resourceDeleteRoute from "../../app/features/admin/routes/resource-delete";
import * as resourceEditRoute from "../../app/features/admin/routes/resource-edit";
import * as resourceListRoute from "../../app/features/admin/routes/resource-list";
import * as resourceNewRoute from "../../app/features/admin/routes/resource-new";
import { getToastFromRequest } from "../../app/lib/toast.server";
import { countries } from "../../drizzle/schema";
import { createAppContext } from "../../server/context";
import { ADMIN_SAMPLES, ADMIN_SAMPLE_SLUGS, type FormStep, type SampleDependency } from "../fixtures/admin-samples";
import { call, json, member, testEnv } from "./helpers";
import { remixPages } from "./remix-pages";

// @remix-run/cloudflare is CommonJS that workerd's module runner cannot load; what the pages use of it
// (`redirect`, the request handler) is @remix-run/server-runtime's, which it re-exports.
vi.mock("@remix-run/cloudflare", () => import("@remix-run/server-runtime"));

// For EVERY admin resource of tests/fixtures/admin-samples.ts: list → create → edit → delete through the
// generic admin pages (app/routes.ts mounts them under /admin), rendered by Remix in workerd and driven as a
// browser without JavaScript drives them: each form is read from the HTML, sent with the values it renders,
// the enctype it declares, its submit button and the headers of a same-origin browser. The browser walks a
// few of them too (tests/e2e/admin-resources.spec.ts), for what only a browser shows.

const ORIGIN = "https://ahla.test";
const pages = remixPages({
  "resource-list": { path: "admin/:page", module: resourceListRoute },
  "resource-new": { path: "admin/:page/new", module: resourceNewRoute },
  "resource-edit": { path: "admin/:page/:id", module: resourceEditRoute },
  "resource-delete": { path: "admin/:page/:id/delete", module: resourceDeleteRoute },
});

// ---------------------------------------------------------------------------------------------------
// The page as a tree.

interface HtmlNode {
  tag: string;
  attrs: Map<string, string>;
  children: Array<HtmlNode | string>;
  parent: HtmlNode | null;
}

/** React escapes these five in text and attributes. */
function decodeEntities(text: string) {
  return text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) =>
    name === "amp" ? "&" : name === "lt" ? "<" : name === "gt" ? ">" : name === "quot" ? '"' : "'",
  );
}

const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);

/**
 * The page as a tree. React writes well-formed HTML (every element closed, `<` and `&` escaped in text and
 * attributes), so tags, comments and text are enough; script and style bodies are skipped whole.
 */
function parseHtml(html: string): HtmlNode {
  const root: HtmlNode = { tag: "#document", attrs: new Map(), children: [], parent: null };
  let current = root;
  const token =
    /<!--[\s\S]*?-->|<(script|style)\b[^>]*>[\s\S]*?<\/\1>|<\/([a-zA-Z][\w-]*)\s*>|<([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*(\/?)>|[^<]+|</g;
  for (const [match, , closing, opening, attributes, selfClosing] of html.matchAll(token)) {
    if (closing) {
      // Up to the element this closes (an unmatched end tag is ignored).
      let node: HtmlNode | null = current;
      while (node && node.tag !== closing.toLowerCase()) node = node.parent;
      if (node?.parent) current = node.parent;
    } else if (opening) {
      const attrs = new Map<string, string>();
      for (const [, name, double, single, bare] of (attributes ?? "").matchAll(
        /([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g,
      )) {
        attrs.set(name!.toLowerCase(), decodeEntities(double ?? single ?? bare ?? ""));
      }
      const node: HtmlNode = { tag: opening.toLowerCase(), attrs, children: [], parent: current };
      current.children.push(node);
      if (!selfClosing && !VOID.has(node.tag)) current = node;
    } else if (!match.startsWith("<!--") && !/^<(script|style)\b/i.test(match)) {
      current.children.push(match);
    }
  }
  return root;
}

function* descendants(node: HtmlNode): Generator<HtmlNode> {
  for (const child of node.children) {
    if (typeof child === "string") continue;
    yield child;
    yield* descendants(child);
  }
}

const all = (node: HtmlNode, tag: string) => [...descendants(node)].filter((child) => child.tag === tag);

function textOf(node: HtmlNode): string {
  return node.children.map((child) => (typeof child === "string" ? decodeEntities(child) : textOf(child))).join("");
}

/** Visible text, whitespace collapsed, without the " *" a required field's label adds. */
const labelText = (node: HtmlNode) =>
  textOf(node)
    .replace(/\s+/g, " ")
    .trim()
    .replace(/\s*\*$/, "");

const isControl = (node: HtmlNode) =>
  (node.tag === "input" && node.attrs.get("type") !== "hidden") || node.tag === "select" || node.tag === "textarea";

/** The form control labelled exactly `label`: by `<label for>`, or the control inside the label. */
function labelled(page: HtmlNode, label: string): HtmlNode {
  const byId = new Map(
    [...descendants(page)].filter((node) => node.attrs.has("id")).map((n) => [n.attrs.get("id")!, n]),
  );
  for (const candidate of all(page, "label")) {
    if (labelText(candidate) !== label) continue;
    const target = candidate.attrs.has("for")
      ? byId.get(candidate.attrs.get("for")!)
      : [...descendants(candidate)].find(isControl);
    if (target && isControl(target)) return target;
  }
  throw new Error(`No form control labelled "${label}"`);
}

function heading(page: HtmlNode) {
  const [h1] = all(page, "h1");
  return h1 ? labelText(h1) : null;
}

/** The page's form whose submit button's text matches. */
function formWithButton(page: HtmlNode, name: RegExp) {
  for (const form of all(page, "form")) {
    const button = all(form, "button").find((candidate) => name.test(labelText(candidate)));
    if (button) return { form, submitter: button };
  }
  throw new Error(`No form with a button ${name}`);
}

// ---------------------------------------------------------------------------------------------------
// Forms sent the way a browser sends them.

interface Filled {
  value?: string;
  checked?: boolean;
  file?: File;
}

const optionValue = (option: HtmlNode) => option.attrs.get("value") ?? labelText(option);

function selectedOptions(select: HtmlNode, filled: Filled | undefined): string[] {
  if (filled?.value !== undefined) return [filled.value];
  const options = all(select, "option");
  const chosen = options.filter((option) => option.attrs.has("selected")).map(optionValue);
  if (chosen.length > 0 || select.attrs.has("multiple")) return chosen;
  return options[0] ? [optionValue(options[0])] : [];
}

/** The form data set of HTML's form submission algorithm, with what the test filled in. */
function formEntries(form: HtmlNode, submitter: HtmlNode, fills: Map<HtmlNode, Filled>) {
  const entries: Array<[string, string | File]> = [];
  for (const node of descendants(form)) {
    const name = node.attrs.get("name");
    if (!name || node.attrs.has("disabled")) continue;
    const filled = fills.get(node);
    if (node.tag === "input") {
      const type = (node.attrs.get("type") ?? "text").toLowerCase();
      if (type === "checkbox" || type === "radio") {
        if (filled?.checked ?? node.attrs.has("checked")) entries.push([name, node.attrs.get("value") ?? "on"]);
      } else if (type === "file") {
        entries.push([name, filled?.file ?? new File([], "", { type: "application/octet-stream" })]);
      } else if (["submit", "button", "reset", "image"].includes(type)) {
        if (node === submitter) entries.push([name, node.attrs.get("value") ?? ""]);
      } else {
        entries.push([name, filled?.value ?? node.attrs.get("value") ?? ""]);
      }
    } else if (node.tag === "button") {
      if (node === submitter) entries.push([name, node.attrs.get("value") ?? ""]);
    } else if (node.tag === "select") {
      for (const value of selectedOptions(node, filled)) entries.push([name, value]);
    } else if (node.tag === "textarea") {
      entries.push([name, filled?.value ?? textOf(node).replace(/^\n/, "")]);
    }
  }
  return entries;
}

/** The current value a control shows. */
function valueOf(control: HtmlNode) {
  if (control.tag === "textarea") return textOf(control).replace(/^\n/, "");
  if (control.tag === "select") return selectedOptions(control, undefined)[0] ?? "";
  return control.attrs.get("value") ?? "";
}

let cookie = "";
let adminToken = "";

interface Answer {
  status: number;
  location: string | null;
  /** The one-shot toast the answer carries to the next page (app/lib/toast.server.ts), read as the root loader reads it. */
  toast: string | null;
  html: string;
}

async function open(path: string, init: { method?: string; body?: BodyInit } = {}): Promise<Answer> {
  const method = init.method ?? "GET";
  const headers: Record<string, string> = {
    Host: new URL(ORIGIN).host,
    Cookie: cookie,
    "Sec-Fetch-Site": "same-origin",
  };
  // A browser's form POST says where it comes from: the Worker refuses one from another site
  // (server/lib/request-guards.ts), and Remix an action whose Origin is not the Host.
  if (method !== "GET") headers.Origin = ORIGIN;
  const executionCtx = createExecutionContext();
  const response = await pages.request(
    `${ORIGIN}${path}`,
    { method, headers, body: init.body, redirect: "manual" },
    testEnv,
    executionCtx,
  );
  const html = await response.text();
  await waitOnExecutionContext(executionCtx);
  const toastCookie = response.headers.getSetCookie().find((line) => line.startsWith("toast="));
  const toast = toastCookie
    ? getToastFromRequest(new Request(ORIGIN, { headers: { Cookie: toastCookie.split(";")[0]! } })).toast
    : null;
  return { status: response.status, location: response.headers.get("Location"), toast: toast?.text ?? null, html };
}

async function submit(
  pagePath: string,
  form: HtmlNode,
  submitter: HtmlNode,
  fills: Map<HtmlNode, Filled> = new Map(),
): Promise<Answer> {
  const entries = formEntries(form, submitter, fills);
  const action = form.attrs.get("action") || pagePath;
  expect(form.attrs.get("method")?.toLowerCase()).toBe("post");
  if (form.attrs.get("enctype") === "multipart/form-data") {
    const body = new FormData();
    for (const [name, value] of entries) body.append(name, value);
    return open(action, { method: "POST", body });
  }
  const body = new URLSearchParams(entries.map(([name, value]) => [name, String(value)]));
  return open(action, { method: "POST", body });
}

/** The redirect's target, then that page as the browser opens it next. */
async function follow(answer: Answer, expected: RegExp) {
  expect(answer.status, answer.html.slice(0, 2000)).toBe(302);
  expect(answer.location).toMatch(expected);
  return answer.location!;
}

// ---------------------------------------------------------------------------------------------------
// The samples' rows.

const ctx = createAppContext(testEnv);
const runId = crypto.randomUUID().slice(0, 6);
// Suffixes start with a number the samples turn into a two-letter country code (unique per country).
// Files sharing this database make countries too: admin-api.test.ts numbers from 1 (and runs first, so a
// code it took is skipped here), page-cache.test.ts from 200 (and runs later); this file from 400.
let sequence = 400;
const codeFor = (suffix: string) => String(ADMIN_SAMPLES.countries!.create([], suffix).code);

async function nextSuffix(tail = "") {
  const taken = new Set((await ctx.db.select({ code: countries.code }).from(countries)).map((row) => row.code));
  do sequence += 1;
  while (taken.has(codeFor(String(sequence))));
  return `${sequence}-${runId}${tail}`;
}

/** Fresh rows the form will point at, created through the admin API (as the e2e's createDependency does). */
async function createDependency(slug: string): Promise<SampleDependency> {
  const sample = ADMIN_SAMPLES[slug]!;
  const deps: SampleDependency[] = [];
  for (const need of sample.needs ?? []) deps.push(await createDependency(need));
  const response = await call(`/api/admin/${slug}`, {
    token: adminToken,
    json: sample.create(deps, await nextSuffix("-dep")),
  });
  const body = await json<{ data: SampleDependency }>(response);
  expect(response.status, JSON.stringify(body)).toBe(201);
  return { id: body.data.id, title: body.data.title };
}

const base64Bytes = (base64: string) => Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));

/** What filling `step` in the browser does to the form. */
async function fill(page: HtmlNode, step: FormStep, deps: SampleDependency[], fills: Map<HtmlNode, Filled>) {
  const control = labelled(page, step.label);
  if (step.text !== undefined) fills.set(control, { value: step.text });
  if (step.option !== undefined) {
    const option = all(control, "option").find((candidate) => labelText(candidate) === step.option);
    expect(option, `option "${step.option}" of ${step.label}`).toBeDefined();
    fills.set(control, { value: optionValue(option!) });
  }
  if (step.dependency !== undefined) {
    const dependency = deps[step.dependency]!;
    const options = all(control, "option");
    const option = options.find((candidate) => labelText(candidate) === dependency.title);
    if (option) {
      fills.set(control, { value: optionValue(option) });
    } else {
      // The picker renders the first 200 rows by title; past them, the browser finds a row with the
      // picker's search box, which asks the admin API (app/features/admin/components/relation-pickers.tsx).
      expect(options.length, `"${dependency.title}" is not among ${step.label}'s options`).toBeGreaterThan(200);
      expect(dependency.id).toMatch(/^\d+$/);
      fills.set(control, { value: dependency.id });
    }
  }
  if (step.check) fills.set(control, { checked: true });
  if (step.file) {
    const file = new File([base64Bytes(step.file.base64)], step.file.name, { type: step.file.mimeType });
    fills.set(control, { file });
  }
}

beforeAll(async () => {
  const admin = await member({ permissions: ["admin"] });
  adminToken = admin.token;
  cookie = `token=${admin.token}`;
});

describe("every admin resource through its pages, in workerd", () => {
  for (const slug of ADMIN_SAMPLE_SLUGS) {
    it(`admin ${slug}: list → create → edit → delete`, async () => {
      const sample = ADMIN_SAMPLES[slug]!;
      const list = await open(`/admin/${slug}`);
      expect(list.status, list.html.slice(0, 2000)).toBe(200);
      const listPage = parseHtml(list.html);
      expect(heading(listPage)).toBeTruthy();
      const newLink = all(listPage, "a").find((link) => /^New /.test(labelText(link)));
      expect(newLink?.attrs.get("href")).toBe(`/admin/${slug}/new`);

      const deps: SampleDependency[] = [];
      for (const need of sample.needs ?? []) deps.push(await createDependency(need));
      const suffix = await nextSuffix();

      const blank = await open(newLink!.attrs.get("href")!);
      expect(blank.status, blank.html.slice(0, 2000)).toBe(200);
      const newPage = parseHtml(blank.html);
      expect(heading(newPage)).toMatch(/^New /);
      const steps = sample.form(deps, suffix);
      for (const step of steps) labelled(newPage, step.label);
      const fills = new Map<HtmlNode, Filled>();
      for (const step of steps) await fill(newPage, step, deps, fills);
      const create = formWithButton(newPage, /^Create /);
      const created = await submit(`/admin/${slug}/new`, create.form, create.submitter, fills);
      const editUrl = await follow(created, new RegExp(`^/admin/${slug}/\\d+(-\\d+)*$`));
      expect(created.toast).toMatch(/^Created /);
      const recordId = editUrl.split("/").pop()!;

      // The list, narrowed as the samples say, links the new row.
      const firstText = steps.find((step) => step.text)?.text ?? "";
      const query = sample.listQuery?.(deps, suffix) ?? `q=${encodeURIComponent(firstText)}`;
      const found = await open(`/admin/${slug}?${query}`);
      expect(found.status).toBe(200);
      expect(found.html).toContain(`href="/admin/${slug}/${recordId}"`);

      const edit = await open(editUrl);
      expect(edit.status, edit.html.slice(0, 2000)).toBe(200);
      const editPage = parseHtml(edit.html);
      const editFills = new Map<HtmlNode, Filled>();
      if (sample.edit.label) editFills.set(labelled(editPage, sample.edit.label), { value: sample.edit.text });
      const save = formWithButton(editPage, /^Save changes$/);
      const saved = await submit(editUrl, save.form, save.submitter, editFills);
      expect(await follow(saved, new RegExp(`^${editUrl}$`))).toBe(editUrl);
      expect(saved.toast).toMatch(/^Saved /);
      const savedPage = parseHtml((await open(editUrl)).html);
      if (sample.edit.label) expect(valueOf(labelled(savedPage, sample.edit.label))).toBe(sample.edit.text);

      const deleteLink = all(savedPage, "a").find((link) => labelText(link) === "Delete");
      expect(deleteLink?.attrs.get("href")).toBe(`/admin/${slug}/${recordId}/delete`);
      const confirm = await open(deleteLink!.attrs.get("href")!);
      expect(confirm.status, confirm.html.slice(0, 2000)).toBe(200);
      const confirmPage = parseHtml(confirm.html);
      const yes = formWithButton(confirmPage, /^Yes, delete/);
      const deleted = await submit(`/admin/${slug}/${recordId}/delete`, yes.form, yes.submitter);
      await follow(deleted, new RegExp(`^/admin/${slug}$`));
      expect(deleted.toast).toMatch(/^Deleted /);
      const gone = await call(`/api/admin/${slug}/${recordId}`, { token: adminToken });
      expect(gone.status).toBe(404);
    });
  }
});
