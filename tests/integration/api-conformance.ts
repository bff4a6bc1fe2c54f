import type { ApiRoute } from "../../server/access/api-routes";
import { routeResponses } from "../../server/api/openapi";

/**
 * Schemathesis' response checks against the API's own description (server/api/openapi.ts): the status must be
 * documented for the operation, the Content-Type must be the documented one, and a JSON body must validate
 * against the documented schema for that status. Answers null when the response conforms, else what is wrong
 * (without the body's text, so one problem met a thousand times is listed once).
 */
export function conformanceProblem(route: ApiRoute, response: Response, text: string): string | null {
  const documented = routeResponses(route)[response.status];
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
