import { data } from "react-router";
import { Button } from "~/components/ui/button";
import { newsletterPages } from "~/content/newsletter-pages";
import type { FieldErrors } from "~/features/leads/form-input";
import { readFormFields } from "~/features/leads/intake/form-request.server";
import { FieldError, fieldProps } from "~/features/leads/ui/field";
import { FormAlert } from "~/features/leads/ui/form-alert";
import { checkUnsubscribeToken } from "~/features/newsletter/links.server";
import {
  BrokenLink,
  NewsletterPage,
  newsletterPageMeta,
  SignUpAgain,
} from "~/features/newsletter/newsletter-page";
import { NEWSLETTER_FIELDS, type NewsletterField, newsletterValues } from "~/features/newsletter/signup-form";
import { requestUnsubscribeLink, unsubscribeWithToken } from "~/features/newsletter/subscriptions.server";
import { buildMeta } from "~/lib/seo";
import { siteOrigin } from "~/lib/site";
import { requestContextOf } from "~/load-context";
import type { Route } from "./+types/newsletter.unsubscribe";

type PageData =
  | {
      state: "request";
      error?: { title: string; message: string };
      fieldErrors?: FieldErrors<NewsletterField> | undefined;
      email?: string;
    }
  | { state: "ready"; token: string }
  | { state: "unsubscribed" | "linkSent" | "invalid" };

const NO_STORE = { "Cache-Control": "no-store" };

/** The one-click body of RFC 8058, which mail providers post from their servers. */
const ONE_CLICK_FIELD = "List-Unsubscribe";
const ONE_CLICK_VALUE = "One-Click";

/**
 * /newsletter/unsubscribe?token=: the link in every subscriber e-mail. GET shows one button; POST
 * (that button, or a mail provider's one-click post) unsubscribes at once. Without a token the page
 * takes an address and e-mails it a link, answering the same whether or not it is subscribed
 * (docs/newsletter.md).
 */
export async function loader({ url, context: provider }: Route.LoaderArgs) {
  const context = requestContextOf(provider);
  const token = url.searchParams.get("token");
  if (token === null) return data<PageData>({ state: "request" }, { headers: NO_STORE });
  const check = await checkUnsubscribeToken(context.services.db, token);
  if (check === "ready") return data<PageData>({ state: "ready", token }, { headers: NO_STORE });
  return data<PageData>({ state: "invalid" }, { status: 400, headers: NO_STORE });
}

export async function action({ request, url, context: provider }: Route.ActionArgs) {
  const context = requestContextOf(provider);
  const token = url.searchParams.get("token");
  const body = await readFormFields(request, [ONE_CLICK_FIELD, ...NEWSLETTER_FIELDS]);
  if (!body.ok) {
    return data<PageData>(
      { state: token === null ? "request" : "invalid" },
      { status: 400, headers: NO_STORE },
    );
  }
  const deps = context.services;
  if (token !== null) {
    if (body.fields[ONE_CLICK_FIELD] !== ONE_CLICK_VALUE) {
      return data<PageData>({ state: "invalid" }, { status: 400, headers: NO_STORE });
    }
    const outcome = await unsubscribeWithToken(deps, token);
    return outcome === "unsubscribed"
      ? data<PageData>({ state: "unsubscribed" }, { headers: NO_STORE })
      : data<PageData>({ state: "invalid" }, { status: 400, headers: NO_STORE });
  }
  const result = await requestUnsubscribeLink(deps, body.fields, context.clientKey);
  if (result.ok) return data<PageData>({ state: "linkSent" }, { headers: NO_STORE });
  const headers: Record<string, string> = { ...NO_STORE };
  if (result.retryAfterSeconds) headers["Retry-After"] = String(result.retryAfterSeconds);
  return data<PageData>(
    {
      state: "request",
      error: { title: result.title, message: result.message },
      fieldErrors: result.fieldErrors,
      email: newsletterValues(body.fields).email,
    },
    { status: result.status, headers },
  );
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  buildMeta(newsletterPageMeta(newsletterPages.unsubscribe, "/newsletter/unsubscribe"), siteOrigin(matches));

const EMAIL_ID = "unsubscribe-email";

/**
 * The address form. It is always sent as a plain post, so a refused address comes back from the server
 * with its message beside the field and the focus on it (docs/product.md#field-errors).
 */
function RequestForm({
  error,
  fieldErrors,
  email,
}: {
  error?: { title: string; message: string };
  fieldErrors?: FieldErrors<NewsletterField> | undefined;
  email?: string;
}) {
  const text = newsletterPages.unsubscribe;
  const fieldError = fieldErrors?.email;
  return (
    <NewsletterPage heading={text.heading} text={text.requestText}>
      <form method="post" action="/newsletter/unsubscribe" noValidate className="flex flex-col gap-3">
        {error ? <FormAlert title={error.title}>{error.message}</FormAlert> : null}
        <label htmlFor={EMAIL_ID} className="font-semibold text-navy">
          {text.emailLabel}
        </label>
        <div className="flex flex-col gap-3 sm:flex-row">
          <input
            id={EMAIL_ID}
            name={"email" satisfies NewsletterField}
            type="email"
            autoComplete="email"
            required
            defaultValue={email}
            {...fieldProps(EMAIL_ID, { error: fieldError, focus: true })}
            className="min-h-12 flex-1 rounded-md border-2 border-slate-400 bg-white px-3 text-base text-slate-900 focus-visible:border-steel focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-amber/60 aria-invalid:border-red-700"
          />
          <Button type="submit" size="lg">
            {text.requestButton}
          </Button>
        </div>
        <FieldError id={EMAIL_ID} error={fieldError} />
      </form>
    </NewsletterPage>
  );
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  switch (page.state) {
    case "request":
      return <RequestForm error={page.error} fieldErrors={page.fieldErrors} email={page.email} />;
    case "ready":
      return (
        <NewsletterPage
          heading={newsletterPages.unsubscribe.heading}
          text={newsletterPages.unsubscribe.tokenText}
        >
          <form method="post" action={`/newsletter/unsubscribe?token=${encodeURIComponent(page.token)}`}>
            <input type="hidden" name={ONE_CLICK_FIELD} value={ONE_CLICK_VALUE} />
            <Button type="submit" size="lg">
              {newsletterPages.unsubscribe.button}
            </Button>
          </form>
        </NewsletterPage>
      );
    case "unsubscribed":
      return (
        <NewsletterPage
          heading={newsletterPages.unsubscribed.heading}
          text={newsletterPages.unsubscribed.text}
        >
          <SignUpAgain />
        </NewsletterPage>
      );
    case "linkSent":
      return (
        <NewsletterPage heading={newsletterPages.linkSent.heading} text={newsletterPages.linkSent.text} />
      );
    default:
      return <BrokenLink state="invalid" />;
  }
}
