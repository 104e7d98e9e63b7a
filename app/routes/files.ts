import { requestContextOf } from "~/load-context";
import { serveFileLink } from "~/server/webhooks/file-links.server";
import type { Route } from "./+types/files";

/**
 * GET /files/:id/:name: one file of a quote request, through the signed, expiring link a webhook
 * carries (docs/webhooks.md#attachments). Never indexed, never linked from a page.
 */
export async function loader({ params, url, context: provider }: Route.LoaderArgs) {
  const { services } = requestContextOf(provider);
  if (!services.fileLinkSecret) return new Response("Not Found\n", { status: 404 });
  const response = await serveFileLink(
    services.db,
    services.fileLinkSecret,
    url,
    { fileId: params.id, name: params.name },
    services.now?.() ?? new Date(),
  );
  response.headers.set("X-Robots-Tag", "noindex");
  return response;
}
