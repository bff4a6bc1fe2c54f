import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { forAudience, requireUser } from "~/lib/auth.server";
import { notFoundResponse, requireId } from "~/lib/canonical.server";
import { AppError } from "#server/lib/errors";
import { exportVocabularyListCsv } from "#server/services/vocabulary-lists";
import type { Audience } from "~/lib/audience";

export const audience: Audience = "member";

// A resource route: the learner's list as a CSV download (UTF-8 with BOM).
export const loader = forAudience(audience, async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const listId = requireId(params.listId);
  try {
    const { filename, body } = await exportVocabularyListCsv(context.app, { userId: user.id, listId });
    const asciiName = filename.replace(/[^\x20-\x7e]/g, "_").replace(/"/g, "");
    return new Response(body, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFoundResponse(error.messages[0]);
    throw error;
  }
});
