import { redirect } from "react-router";
import { resolveLegacyRedirect } from "~/content/redirects";
import type { Route } from "./+types/legacy-redirect";

export function loader({ url }: Route.LoaderArgs) {
  const target = resolveLegacyRedirect(url.pathname, url.search) ?? "/";
  // A loader redirect happens before the navigation commits, so the legacy path never gets a
  // history entry of its own: the visitor's previous page stays, and Back returns to it.
  // (`replace()` would instead overwrite that previous page.)
  throw redirect(target, 301);
}
