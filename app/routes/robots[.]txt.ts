import { ORIGIN_PLACEHOLDER } from "~/lib/site";
import { renderRobots } from "~/lib/sitemap";
import { requestContext } from "~/load-context";
import type { Route } from "./+types/robots[.]txt";

// Prerendered with the placeholder origin, which the server replaces with SITE_URL (see site.ts).
export function loader({ context }: Route.LoaderArgs) {
  return new Response(renderRobots(context.get(requestContext)?.services.siteUrl || ORIGIN_PLACEHOLDER), {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
