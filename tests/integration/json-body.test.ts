import { beforeAll, describe, expect, it } from "vitest";
import { createAppContext } from "../../server/context";
import { createLesson } from "../fixtures/lessons";
import { createUser, loginToken, testApp, testEnv } from "./helpers";

// The one JSON body reader (readJson in server/api/helpers.ts), through the three kinds of caller:
// a form-sized body, an admin record and a whole transcript.

const app = testApp();
const ctx = createAppContext(testEnv);
const KiB = 1024;

let learnerToken: string;
let adminToken: string;

beforeAll(async () => {
  const learner = await createUser();
  learnerToken = await loginToken(app, learner.email, learner.password);
  const admin = await createUser({ permissions: ["admin"] });
  adminToken = await loginToken(app, admin.email, admin.password);
});

// Answers as status and errors, the two things each case checks; raw strings are sent as they are.
async function send(method: string, path: string, token: string, body: unknown) {
  const response = await app.request(
    path,
    {
      method,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    },
    testEnv,
  );
  return { status: response.status, errors: ((await response.json()) as { errors?: string[] }).errors };
}

describe("the API's JSON body reader", () => {
  it("takes form-sized bodies: 413 past 64 KiB, 400 for bad JSON or a non-object, 422 from the schema", async () => {
    const post = (body: unknown) => send("POST", "/api/vocabulary/lists", learnerToken, body);
    expect(await post({ title: "Travel", pad: "y".repeat(65 * KiB) })).toEqual({
      status: 413,
      errors: ["The request body is too large."],
    });
    expect(await post("{oops")).toEqual({ status: 400, errors: ["The request body must be valid JSON."] });
    for (const notAnObject of ["[1]", "null", '"title"', "3"]) {
      expect(await post(notAnObject), notAnObject).toEqual({
        status: 400,
        errors: ["The request body must be a JSON object."],
      });
    }
    expect((await post({ title: "" })).status).toBe(422);
    expect((await post({ title: "Travel", pad: "y".repeat(60 * KiB) })).status).toBe(201);
  });

  it("takes admin records up to 256 KiB", async () => {
    const post = (body: unknown) => send("POST", "/api/admin/categories", adminToken, body);
    const record = (padding: number) => ({ name: `Body reader ${padding}`, pad: "y".repeat(padding) });
    const roomy = await post(record(200 * KiB));
    expect(roomy.status).toBeLessThan(500);
    expect(roomy.status).not.toBe(413);
    expect(await post(record(260 * KiB))).toEqual({ status: 413, errors: ["The request body is too large."] });
    expect(await post("[]")).toEqual({ status: 400, errors: ["The request body must be a JSON object."] });
    expect(await post("{oops")).toEqual({ status: 400, errors: ["The request body must be valid JSON."] });
  });

  it("takes a whole transcript up to 2 MiB, and only as { cues }", async () => {
    const { video } = await createLesson(ctx, { cues: [] });
    const put = (body: unknown) => send("PUT", `/api/admin/lessons/${video.id}/cues`, adminToken, body);
    expect((await put({ cues: [], pad: "y".repeat(1024 * KiB) })).status).toBe(200);
    expect(await put({ cues: [], pad: "y".repeat(2049 * KiB) })).toEqual({
      status: 413,
      errors: ["The transcript is too large."],
    });
    expect(await put("[]")).toEqual({ status: 400, errors: ["Send { cues: [...] }."] });
    expect(await put({ lines: [] })).toEqual({ status: 400, errors: ["Send { cues: [...] }."] });
    expect(await put("{oops")).toEqual({ status: 400, errors: ["The request body must be valid JSON."] });
  });
});
