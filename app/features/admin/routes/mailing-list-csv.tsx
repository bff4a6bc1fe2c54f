import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { forAudience } from "~/lib/auth.server";
import { parseSearchParams } from "~/lib/search.server";
import { mailingListSearchSchema } from "#core/schemas/admin-mailing-list";
import { exportMailingListCsv } from "#server/services/admin-mailing-list";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "admin";

/** GET /admin/mailing-list.csv[?q=&status=]: the whole filtered list as a UTF-8 (with BOM) CSV download. */
export const loader = forAudience(audience, async function loader({ request, context }: LoaderFunctionArgs) {
  const search = parseSearchParams(mailingListSearchSchema, new URL(request.url).searchParams);
  const csv = await exportMailingListCsv(context.app, { search });
  const day = context.app.now().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="ahla-mailing-list-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
});
