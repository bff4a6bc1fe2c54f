import { createApi } from "../../server/api";
import { declaredRoutes, routeResponses, type DeclaredRoute } from "../../server/api/openapi";

/** The API's declared routes (server/api/route.ts), by "METHOD path" as Hono registers them. */
export const DECLARED: ReadonlyMap<string, DeclaredRoute> = new Map(
  declaredRoutes(createApi()).map((declared) => [declared.key, declared]),
);

/**
 * Schemathesis' response checks against the API's own description (server/api/openapi.ts, from the routes'
 * declarations): the status must be
 * documented for the operation, the Content-Type must be the documented one, and a JSON body must validate
 * against the documented schema for that status. Answers null when the response conforms, else what is wrong
 * (without the body's text, so one problem met a thousand times is listed once).
 */
export function conformanceProblem(route: string, response: Response, text: string): string | null {
  const declared = DECLARED.get(route);
  if (!declared) return `${route}: not declared`;
  const documented = routeResponses(declared)[response.status];
  if (!documented) return `${route}: ${response.status} is not documented`;
  const content = Object.entries(documented.content ?? {});
  if (content.length === 0) return text === "" ? null : `${route}: ${response.status} documents no body, got one`;
  const contentType = response.headers.get("Content-Type") ?? "";
  const match = content.find(([type]) => contentType.startsWith(type));
  if (!match) return `${route}: ${response.status} is ${contentType || "untyped"}, documented ${content[0]![0]}`;
  const [type, { schema }] = match;
  if (type !== "application/json") return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${route}: ${response.status} is not JSON`;
  }
  const result = schema.safeParse(body);
  if (result.success) return null;
  const issues = result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "(body)"}: ${issue.message}`);
  return `${route}: ${response.status} body does not match its schema (${issues.join("; ")})`;
}
