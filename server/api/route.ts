import { createRoute, type OpenAPIHono, type RouteConfig, type RouteConfigToEnv } from "@hono/zod-openapi";
import type { Context, Handler, Hono, MiddlewareHandler } from "hono";
import { z } from "zod";
import { guardAudience, type ApiAudience } from "../access/api-routes";
import { AppError, notFound, parseWith } from "../lib/errors";
import { readJson, type JsonBodyOptions } from "./helpers";
import type { ApiEnv } from "./types";

/**
 * One declaration per route of the JSON API (ADR 025): @hono/zod-openapi's `createRoute` (method, OpenAPI path,
 * summary, `request.params`/`query`/`body`, every response by status) plus who may call it. `implement` registers
 * it on its router, and everything else follows from it:
 *
 * - the Hono path: `{id}` becomes `:id` with the param's routing pattern (`pathParam`), so an id that is not
 *   digits matches no route (a 404 before any session is looked up) exactly as a hand-written pattern did;
 * - the guard: the declared audience, checked first (server/access/api-routes.ts);
 * - the route's own `middleware` (a preamble such as the lesson's, which sets typed context);
 * - the path parameters, each parsed by its schema (an id that is not one answers 404);
 * - the JSON body, read by `readJson`'s rules (413, 400, then 422 from the schema);
 * - the query, when it is a zod object (422 with the messages per field);
 * - the OpenAPI document (server/api/openapi.ts), from the same declarations.
 *
 * Handlers read what was checked with `c.req.valid("param" | "json" | "query")`.
 */

// ---------------------------------------------------------------------------------------------------
// Path parameters

interface ParamRule {
  /** Hono's pattern for the segment (a failed match is no route at all); none: any segment. */
  pattern?: string;
  /** A value the schema refuses answers 404 with this message; without one, 422 with the schema's. */
  notFound?: string;
}
const PARAM_RULES = new WeakMap<z.ZodType, ParamRule>();

/** A path parameter: its schema, how Hono routes it and what a refused value answers. */
export function pathParam<T extends z.ZodType>(schema: T, rule: ParamRule = {}): T {
  PARAM_RULES.set(schema, rule);
  return schema;
}

export function paramRule(schema: unknown): ParamRule {
  return (schema && PARAM_RULES.get(schema as z.ZodType)) ?? {};
}

const DIGITS = /^\d{1,12}$/;

/**
 * A numeric id in a path: 1 to 12 digits. `routed` (the default) puts the digits in Hono's pattern, so anything
 * else matches no route; unrouted, the route matches any segment and a non-numeric one answers 404 after the
 * guard. `min: 0` takes 0 through to the service (which then finds nothing).
 */
export function idParam({
  notFound: message = "Not found.",
  routed = true,
  min = 1,
}: { notFound?: string; routed?: boolean; min?: 0 | 1 } = {}) {
  return pathParam(
    z
      .string()
      .regex(DIGITS)
      .transform(Number)
      .refine((id) => Number.isSafeInteger(id) && id >= min),
    { pattern: routed ? "[0-9]{1,12}" : undefined, notFound: message },
  );
}

/**
 * A path parameter as its schema reads it: what the route's checks do for each declared parameter, and what
 * a route's own middleware (which runs first) does for the one it needs.
 */
export function readParam<T extends z.ZodType>(c: Context, name: string, schema: T): z.output<T> {
  const value = c.req.param(name);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const { notFound: message } = paramRule(schema);
  if (message !== undefined) throw notFound(message);
  return parseWith(schema, value);
}

/** Any segment, as text (checked by the service that reads it). */
export const textParam = () => pathParam(z.string());

// ---------------------------------------------------------------------------------------------------
// Bodies

/** A body the handler reads as any JSON object and validates itself (per resource, per transcript). */
export const OBJECT_BODY = z.looseObject({});

interface JsonBodyRule extends JsonBodyOptions {
  /** The status of a body the schema refuses (422 unless the route says 400). */
  invalidStatus?: 400 | 422;
}
const BODY_RULES = new WeakMap<object, JsonBodyRule>();

/** A JSON object body, read by `readJson` (server/api/helpers.ts) and checked against `schema`. */
export function jsonBody<T extends z.ZodType>(schema: T, rule: JsonBodyRule = {}) {
  const body = { required: true, content: { "application/json": { schema } } } as const;
  BODY_RULES.set(body, rule);
  return body;
}

/** A body that is not JSON (a file, a provider's signed bytes): documented, read by the handler. */
export function rawBody(contentType: string, description: string) {
  return {
    required: true,
    description,
    content: { [contentType]: { schema: { type: "string" as const, format: "binary" } } },
  };
}

/** The JSON body's schema, when the route reads one. */
export function jsonBodySchema(route: RouteConfig): z.ZodType | undefined {
  const media = route.request?.body?.content?.["application/json"];
  const schema = media && "schema" in media ? media.schema : undefined;
  return schema instanceof z.ZodType ? schema : undefined;
}

// ---------------------------------------------------------------------------------------------------
// Query parameters the handler reads itself (documented only)

export function queryParam(
  name: string,
  description: string,
  { required = false, schema = { type: "string" } }: { required?: boolean; schema?: Record<string, unknown> } = {},
) {
  return { name, in: "query" as const, description, required, schema };
}

// ---------------------------------------------------------------------------------------------------
// Responses, as `createRoute` takes them

/** Every refusal's body (the admin's also name the fields). */
export const errorsBody = z.object({
  errors: z.array(z.string()).min(1),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});

/** One response: a description and, unless it is empty, its body per content type. */
export interface ResponseDoc {
  description: string;
  content?: Record<string, { schema: z.ZodType }>;
}
export type ResponsesDoc = Record<number, ResponseDoc>;

const json = (schema: z.ZodType) => ({ "application/json": { schema } });
const success =
  (status: 200 | 201 | 202, fallback: string) =>
  (data: z.ZodType = z.looseObject({}), description = fallback): ResponsesDoc => ({
    [status]: { description, content: json(z.object({ data })) },
  });
/** `{ data }` with 200, 201 or 202; `data` is an object of any fields unless its shape is given. */
export const ok = success(200, "Done.");
export const created = success(201, "Created.");
export const accepted = success(202, "Accepted: it happens by mail.");
export const noContent = (description: string): ResponsesDoc => ({ 204: { description } });
export const file = (contentType: string, description: string): ResponsesDoc => ({
  200: { description, content: { [contentType]: { schema: z.string() } } },
});
/** A response whose body is not wrapped in `data`. */
export const plain = (status: number, description: string, schema: z.ZodType): ResponsesDoc => ({
  [status]: { description, content: json(schema) },
});

/** What each refusal means when the route does not say more. */
export const REFUSED: Record<number, string> = {
  400: "The request cannot be read as it is: `errors` says why.",
  401: "No open session: sign in.",
  402: "Needs a subscription (or the free tier's allowance is spent).",
  403: "Not allowed for this member.",
  404: "Not found (or not theirs).",
  409: "Conflicts with the current state (already done, in use, or a retry still running).",
  410: "The link has expired.",
  413: "The request body is too large.",
  415: "The body must be application/json.",
  422: "A field is invalid: `errors` (and, from the admin, `fieldErrors`) say which.",
  429: "Too many requests: wait as long as Retry-After says.",
  500: "Something failed on our side; it is reported.",
  502: "A service we depend on answered badly.",
  503: "Not available here (not set up, or switched off).",
};
export const refusal = (status: number, description = REFUSED[status]!): ResponsesDoc => ({
  [status]: { description, content: json(errorsBody) },
});
export const refused = (...statuses: number[]): ResponsesDoc =>
  Object.assign({}, ...statuses.map((status) => refusal(status)));

/** Answers whose `data` is a list, or `{ id }`. */
export const list = z.array(z.unknown());
export const idOnly = z.object({ id: z.number() });

// ---------------------------------------------------------------------------------------------------
// The declaration

/** Who may call it (server/access/api-routes.ts), and what settles it beyond the session. */
type Audience =
  | { audience: "public" | "member" | "moderator"; permission?: never; verify?: never }
  | {
      audience: "admin";
      /** The code the caller needs, when not the administrator's (a generic resource's own, per action). */
      permission?: (c: Context<ApiEnv>) => string;
      verify?: never;
    }
  | {
      audience: "provider";
      /** Authenticates the provider's call (its signature); throws the refusal. */
      verify: (c: Context<ApiEnv>) => Promise<unknown>;
      permission?: never;
    };

export type ApiRoute = RouteConfig & Audience & { summary: string; responses: ResponsesDoc };

/** Declares a route: `createRoute`'s config, its audience, and every response it answers. */
export function defineRoute<const R extends ApiRoute>(route: R) {
  return createRoute(route);
}

type Shape<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;
type RequestPart<R, Part extends string> = R extends { request: infer Request }
  ? Request extends Record<Part, infer S>
    ? S
    : undefined
  : undefined;
type JsonOf<R> =
  RequestPart<R, "body"> extends { content: { "application/json": { schema: infer S } } } ? Shape<S> : never;
type RouteInput<R> = {
  out: { param: Shape<RequestPart<R, "params">>; query: Shape<RequestPart<R, "query">>; json: JsonOf<R> };
};
/** The handler of a declared route: its context has what the route's middleware set and what was checked. */
export type ApiHandler<R extends ApiRoute> = Handler<ApiEnv & RouteConfigToEnv<R>, string, RouteInput<R>>;

/** Hono's path for a declared one: each `{name}` becomes `:name`, with its parameter's routing pattern. */
export function honoPath(route: Pick<RouteConfig, "path" | "request">): string {
  const shape = paramShape(route);
  return route.path.replace(/\{([A-Za-z]+)\}/g, (_all, name: string) => {
    if (!(name in shape)) throw new Error(`${route.path}: the parameter ${name} has no schema in request.params`);
    const { pattern } = paramRule(shape[name]);
    return `:${name}${pattern ? `{${pattern}}` : ""}`;
  });
}

function paramShape(route: Pick<RouteConfig, "request">): Record<string, z.ZodType> {
  const params = route.request?.params;
  return params instanceof z.ZodObject ? (params.shape as Record<string, z.ZodType>) : {};
}

/** Everything a declared route runs before its handler, in this order. */
function pipeline(route: ApiRoute): MiddlewareHandler<ApiEnv>[] {
  const steps: MiddlewareHandler<ApiEnv>[] = [];
  const { audience, permission, verify } = route;

  steps.push(async (c, next) => {
    if (audience === "provider") await verify!(c);
    else guardAudience(c.get("viewer"), audience, permission && (() => permission(c)));
    await next();
  });

  const own = route.middleware;
  // The route's own middleware is typed by its declaration (RouteConfigToEnv); here it runs as any other.
  if (own) steps.push(...((Array.isArray(own) ? own : [own]) as MiddlewareHandler<ApiEnv>[]));

  const shape = paramShape(route);
  if (Object.keys(shape).length > 0) {
    steps.push(async (c, next) => {
      const values: Record<string, unknown> = {};
      for (const [name, schema] of Object.entries(shape)) values[name] = readParam(c, name, schema);
      c.req.addValidatedData("param", values);
      await next();
    });
  }

  const schema = jsonBodySchema(route);
  if (schema) {
    const { invalidStatus = 422, ...options } = BODY_RULES.get(route.request!.body!) ?? {};
    steps.push(async (c, next) => {
      let body: unknown;
      try {
        body = schema === OBJECT_BODY ? await readJson(c, null, options) : await readJson(c, schema, options);
      } catch (error) {
        if (error instanceof AppError && error.status === 422 && invalidStatus === 400)
          throw new AppError(400, error.messages, error.fieldErrors);
        throw error;
      }
      c.req.addValidatedData("json", body as object);
      await next();
    });
  }

  const query = route.request?.query;
  if (query instanceof z.ZodType) {
    steps.push(async (c, next) => {
      c.req.addValidatedData("query", parseWith(query, c.req.query()) as Record<string, unknown>);
      await next();
    });
  }
  return steps;
}

/** Registers a declared route on its router: its Hono path, its checks, its handler, its OpenAPI entry. */
export function implement<const R extends ApiRoute>(app: OpenAPIHono<ApiEnv>, route: R, handler: ApiHandler<R>) {
  app.openAPIRegistry.registerPath(route);
  // The handler's context is the route's (typed from its declaration); Hono's router takes it as any.
  (app as unknown as Hono<ApiEnv>).on(
    [route.method.toUpperCase()],
    [honoPath(route)],
    ...pipeline(route),
    handler as unknown as Handler<ApiEnv>,
  );
  return app;
}

export type { ApiAudience };
