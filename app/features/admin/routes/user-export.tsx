import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { forAudience, requireAdmin } from "~/lib/auth.server";
import { notFoundResponse, requireId } from "~/lib/canonical.server";
import { AppError } from "#server/lib/errors";
import { exportMemberData } from "#server/services/member-export";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "admin";

/** GET /admin/users/:userId/export: the member's data as a JSON download (a data-access request, logged). */
export const loader = forAudience(audience, async function loader({ request, context, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const userId = requireId(params.userId);
  try {
    const data = await exportMemberData(context.app, { actor: admin, userId });
    const day = context.app.now().toISOString().slice(0, 10);
    return new Response(JSON.stringify(data, null, 2), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="ahla-member-${userId}-${day}.json"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFoundResponse("We couldn't find that member.");
    throw error;
  }
});
