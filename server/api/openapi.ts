import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { ApiAudience } from "../access/api-routes";
import {
  errorsBody,
  jsonBodySchema,
  OBJECT_BODY,
  paramRule,
  refusal,
  REFUSED,
  type ApiRoute,
  type ResponseDoc,
  type ResponsesDoc,
  honoPath,
} from "./route";
import type { ApiEnv } from "./types";

/**
 * The JSON API described as OpenAPI 3.1, served at GET /api/openapi.json (ADR 025), built from the routes'
 * own declarations (server/api/route.ts): their paths and parameters, audiences, the very zod schemas the
 * requests are checked with (turned into JSON Schema by zod) and every response by status.
 * tests/integration/openapi.test.ts checks that the document lists exactly the routes the Hono app
 * registers and that each JSON body is checked with the schema documented here.
 */

/** A declared route as the API registers it. */
export interface DeclaredRoute {
  /** "METHOD path", the path exactly as Hono registers it under /api (parameter patterns included). */
  key: string;
  method: string;
  honoPath: string;
  /** OpenAPI's path under /api, `{name}` for each parameter. */
  path: string;
  route: ApiRoute;
}

/** Every route declared on `api` (its routers' declarations, with the paths they are mounted at). */
export function declaredRoutes(api: OpenAPIHono<ApiEnv>): DeclaredRoute[] {
  return api.openAPIRegistry.definitions.flatMap((definition) => {
    if (definition.type !== "route") return [];
    const route = definition.route as ApiRoute;
    const method = route.method.toUpperCase();
    const path = honoPath(route);
    return [{ key: `${method} ${path}`, method, honoPath: path, path: route.path, route }];
  });
}

/**
 * Everything a route may answer: its own `responses`, and what every route of its kind shares, from its
 * audience (401, 403), the method (a write from another site is a 403; a body that is not JSON a 415; an
 * Idempotency-Key that is malformed, reused or still running a 400, 422 or 409), the JSON body (400 unreadable,
 * 413 too large, 422 invalid), a path parameter (404) and the 500 anything may end in. Route-specific
 * descriptions win.
 */
export function routeResponses({ method, path, route }: DeclaredRoute): ResponsesDoc {
  const audience: ApiAudience = route.audience;
  const readsJson = jsonBodySchema(route) !== undefined;
  const rawUpload = Boolean(route.request?.body) && !readsJson;
  const shared: ResponsesDoc = {};
  const add = (status: number, description?: string) => Object.assign(shared, refusal(status, description));
  if (audience === "member" || audience === "moderator" || audience === "admin") add(401);
  if (audience === "moderator") add(403, "Only a moderator may.");
  if (audience === "admin") add(403, "Only an administrator (or the resource's own permission) may.");
  if (audience === "provider") add(400, "The signature does not match the body.");
  if (method !== "GET" && audience !== "provider") {
    add(403, REFUSED[403]);
    if (!rawUpload) add(415);
    add(400, "Unreadable: malformed JSON, or an Idempotency-Key that is not 1–255 visible characters.");
    add(409, "A request with this Idempotency-Key is still running: retry shortly.");
    add(422, "A field is invalid, or this Idempotency-Key was used for another request.");
  }
  if (readsJson) {
    add(400, "The body is not a JSON object.");
    add(413);
    add(422);
  }
  if (path.includes("{")) add(404);
  add(500);
  return { ...shared, ...route.responses };
}

function responseObject(response: ResponseDoc) {
  if (!response.content) return { description: response.description };
  const content: Record<string, { schema: object }> = {};
  for (const [type, { schema }] of Object.entries(response.content)) {
    content[type] = {
      schema: schema === errorsBody ? { $ref: "#/components/schemas/Errors" } : responseSchema(schema),
    };
  }
  return { description: response.description, content };
}

const SECURITY: Record<ApiAudience, Array<Record<string, string[]>>> = {
  public: [],
  member: [{ bearer: [] }, { cookie: [] }],
  moderator: [{ bearer: [] }, { cookie: [] }],
  admin: [{ bearer: [] }, { cookie: [] }],
  provider: [{ stripeSignature: [] }],
};

/** A member's write sent again with the same key is done once (server/api/idempotency.ts, ADR 026). */
const IDEMPOTENCY_KEY = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Send the same key again to retry this write safely: it is done once, and the retry gets the first answer (Idempotent-Replayed: true). 1–255 visible ASCII characters; kept a day.",
  schema: { type: "string", pattern: "^[\\x21-\\x7e]{1,255}$" },
};

/** A request's schema as JSON Schema: what the client sends (zod's input side). */
function jsonSchema(schema: z.ZodType) {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return rest;
}

/** A response body as JSON Schema: what the server sends (zod's output side). */
function responseSchema(schema: z.ZodType) {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" });
  return rest;
}

function pathParameters({ path, route }: DeclaredRoute) {
  const shape = route.request?.params instanceof z.ZodObject ? route.request.params.shape : {};
  return [...path.matchAll(/\{([A-Za-z]+)\}/g)].map(([, name]) => {
    const { pattern } = paramRule(shape[name!]);
    return {
      name: name!,
      in: "path",
      required: true,
      schema: pattern ? { type: "string", pattern: `^(?:${pattern})$` } : { type: "string" },
    };
  });
}

/** The query's parameters: a zod object's fields (each field's description lifted to the parameter), or as listed. */
function queryParameters(route: ApiRoute) {
  const listed = (route.parameters ?? []).filter((parameter) => "in" in parameter && parameter.in === "query");
  const query = route.request?.query;
  if (!(query instanceof z.ZodType)) return listed;
  const described = jsonSchema(query) as { properties?: Record<string, object>; required?: string[] };
  const fields = Object.entries(described.properties ?? {}).map(([name, schema]) => {
    const { description, ...rest } = schema as { description?: string };
    return {
      name,
      in: "query",
      ...(description ? { description } : {}),
      required: described.required?.includes(name) ?? false,
      schema: rest,
    };
  });
  return [...fields, ...listed];
}

function requestBody(route: ApiRoute) {
  const body = route.request?.body;
  if (!body) return undefined;
  const schema = jsonBodySchema(route);
  if (schema === OBJECT_BODY)
    return { required: true, content: { "application/json": { schema: { type: "object" } } } };
  if (schema) return { required: true, content: { "application/json": { schema: jsonSchema(schema) } } };
  return { required: true, description: body.description, content: body.content };
}

let cached: object | null = null;

/** The whole document; built once per isolate (it depends on nothing but the code). */
export function openApiDocument(api: OpenAPIHono<ApiEnv>): object {
  if (cached) return cached;
  const paths: Record<string, Record<string, object>> = {};
  for (const declared of declaredRoutes(api)) {
    const { method, path, route } = declared;
    const audience = route.audience;
    const body = requestBody(route);
    const responses: Record<string, object> = {};
    for (const [status, response] of Object.entries(routeResponses(declared)))
      responses[status] = responseObject(response);
    paths[`/api${path}`] ??= {};
    paths[`/api${path}`]![method.toLowerCase()] = {
      summary: route.summary,
      operationId: `${method.toLowerCase()}${path.replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+(.)?/g, (_m, c?: string) => (c ?? "").toUpperCase())}`,
      tags: [path.split("/")[1]!],
      "x-audience": audience,
      security: SECURITY[audience],
      parameters: [
        ...pathParameters(declared),
        ...queryParameters(route),
        ...(audience !== "public" && audience !== "provider" && method !== "GET" ? [IDEMPOTENCY_KEY] : []),
      ],
      ...(body ? { requestBody: body } : {}),
      responses,
    };
  }
  cached = {
    openapi: "3.1.0",
    info: {
      title: "Ahla API",
      version: "1",
      description:
        "The JSON API behind Ahla's pages. Answers are `{ data }`; refusals are a 4xx or 5xx with `{ errors: [...] }`. " +
        "Every status an operation can answer is listed with its body. An unknown path under /api is a 404, a method " +
        "a path does not take a 405 with `Allow`. " +
        "Sign in with POST /api/auth/login and send the token as `Authorization: Bearer <token>`; the site itself uses the `token` cookie.",
    },
    paths,
    components: {
      schemas: {
        Errors: responseSchema(errorsBody),
      },
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        cookie: { type: "apiKey", in: "cookie", name: "token" },
        stripeSignature: { type: "apiKey", in: "header", name: "Stripe-Signature" },
      },
    },
  };
  return cached;
}
