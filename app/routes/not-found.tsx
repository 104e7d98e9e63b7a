import { useEffect } from "react";
import { data, useLocation } from "react-router";
import { NotFoundBody } from "~/components/page/not-found-body";
import { noScripts } from "~/lib/page-scripts";
import { buildMeta, pageTitle } from "~/lib/seo";
import { siteOrigin } from "~/lib/site";
import { requestContextOf } from "~/load-context";
import type { Route } from "./+types/not-found";

/** Nothing here needs a script: the page is served without any (docs/decisions/0023). */
export const handle = noScripts;

export function loader({ url, context: provider }: Route.LoaderArgs) {
  const context = requestContextOf(provider);
  const { pathname } = url;
  context.services.logger.warn({ path: pathname, event: "not_found" }, "page not found");
  return data({ path: pathname }, { status: 404 });
}

/** A form posted to an unknown path gets the same 404, not a method error. */
export const action = loader;

export const meta: Route.MetaFunction = ({ location, matches }) =>
  buildMeta(
    {
      title: pageTitle("Page Not Found"),
      description:
        "The page you were looking for does not exist. Return to the home page to find our products.",
      path: location.pathname,
      noIndex: true,
    },
    siteOrigin(matches),
  );

export default function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);

  return <NotFoundBody pathname={pathname} />;
}
