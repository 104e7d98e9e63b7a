import { data, Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { newsletterPages } from "~/content/newsletter-pages";
import { readFormFields } from "~/features/leads/intake/form-request.server";
import { checkConfirmToken } from "~/features/newsletter/links.server";
import { BrokenLink, NewsletterPage, newsletterPageMeta } from "~/features/newsletter/newsletter-page";
import { confirmSubscription, LINK_STATUS } from "~/features/newsletter/subscriptions.server";
import { buildMeta } from "~/lib/seo";
import { siteOrigin } from "~/lib/site";
import { requestContextOf } from "~/load-context";
import type { Route } from "./+types/newsletter.confirm";

type State = "ready" | "confirmed" | "invalid" | "expired" | "used";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * GET /newsletter/confirm?token=: shows the confirmation button and changes nothing, because mail
 * scanners open every link in an e-mail, and some run the page's scripts in a headless browser
 * (docs/newsletter.md). Only the visitor's press on the button confirms, with or without JavaScript.
 */
export async function loader({ url, context: provider }: Route.LoaderArgs) {
  const context = requestContextOf(provider);
  const token = url.searchParams.get("token") ?? "";
  const state: State = await checkConfirmToken(context.services.db, token);
  const status = state === "ready" ? 200 : LINK_STATUS[state];
  return data({ state, token: state === "ready" ? token : "" }, { status, headers: NO_STORE });
}

export async function action({ request, context: provider }: Route.ActionArgs) {
  const context = requestContextOf(provider);
  const body = await readFormFields(request, ["token"]);
  const outcome = body.ok ? await confirmSubscription(context.services, body.fields.token) : "invalid";
  const state: State = outcome === "unsubscribed" ? "invalid" : outcome;
  return data({ state, token: "" }, { status: LINK_STATUS[state], headers: NO_STORE });
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  buildMeta(newsletterPageMeta(newsletterPages.confirm, "/newsletter/confirm"), siteOrigin(matches));

/**
 * The one press that confirms. Nothing on the page presses it: a mail scanner that runs scripts must
 * leave the address pending. With JavaScript React Router's Form sends the press as a fetch and the page
 * changes in place (a document post would load the whole page a second time); without, the browser
 * posts the same form.
 */
function ConfirmForm({ token }: { token: string }) {
  // A second press while the first is under way would spend the link twice and show "already used".
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" action={`/newsletter/confirm?token=${encodeURIComponent(token)}`}>
      <input type="hidden" name="token" value={token} />
      <Button type="submit" size="lg" disabled={busy}>
        {newsletterPages.confirm.button}
      </Button>
    </Form>
  );
}

// The action's answer is the whole outcome; the loader, run again, would only find the token used (410).
export const shouldRevalidate = () => false;

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { state, token } = actionData ?? loaderData;
  // With JavaScript the press turns the page from one state into the other in place; each keeps the
  // other's space and has one large button, so nothing moves.
  const { confirm, confirmed } = newsletterPages;
  if (state === "confirmed") {
    return (
      <NewsletterPage heading={confirmed.heading} text={confirmed.text} reserve={confirm}>
        <div>
          <Button asChild size="lg" variant="outline">
            <Link to="/">{newsletterPages.backHome}</Link>
          </Button>
        </div>
      </NewsletterPage>
    );
  }
  if (state === "ready") {
    return (
      <NewsletterPage heading={confirm.heading} text={confirm.text} reserve={confirmed}>
        <ConfirmForm token={token} />
      </NewsletterPage>
    );
  }
  return <BrokenLink state={state} />;
}
