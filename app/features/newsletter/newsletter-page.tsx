import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { newsletterPages } from "~/content/newsletter-pages";
import { type PageMeta, pageTitle } from "~/lib/seo";

/** The head of a page newsletter e-mails link to: its own title and description, and never indexed. */
export function newsletterPageMeta(text: { title: string; description: string }, path: string): PageMeta {
  return { title: pageTitle(text.title), description: text.description, path, noIndex: true };
}

/** The frame of the pages newsletter e-mails link to: one heading, a short text, what to do next. */
export function NewsletterPage({
  heading,
  text,
  reserve,
  children,
}: {
  heading: string;
  text: string;
  /**
   * The heading and text of the state this page turns into (or came from) without loading again: their
   * space is kept, hidden, under the ones shown, so the change moves nothing on the page.
   */
  reserve?: { heading: string; text: string };
  children?: ReactNode;
}) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-20">
      <h1 className="grid text-3xl font-extrabold text-navy sm:text-4xl">
        <Stacked shown={heading} reserved={reserve?.heading} />
      </h1>
      <p className="grid text-lg text-slate-700">
        <Stacked shown={text} reserved={reserve?.text} />
      </p>
      {children}
    </section>
  );
}

/** `shown` and, in the same grid cell and invisible to everyone, `reserved`: the cell fits the larger. */
function Stacked({ shown, reserved }: { shown: string; reserved: string | undefined }) {
  if (reserved === undefined) return shown;
  return (
    <>
      <span className="col-start-1 row-start-1">{shown}</span>
      <span aria-hidden="true" className="invisible col-start-1 row-start-1">
        {reserved}
      </span>
    </>
  );
}

/** Where a visitor goes from a link that no longer works: the signup form. */
export function SignUpAgain() {
  return (
    <div className="flex flex-wrap gap-3">
      <Button asChild size="lg">
        <Link to="/resources#newsletter">{newsletterPages.signUpAgain}</Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link to="/">{newsletterPages.backHome}</Link>
      </Button>
    </div>
  );
}

export type LinkState = "invalid" | "expired" | "used";

export function BrokenLink({ state }: { state: LinkState }) {
  const text = {
    invalid: newsletterPages.invalidLink,
    expired: newsletterPages.expiredLink,
    used: newsletterPages.usedLink,
  }[state];
  return (
    <NewsletterPage heading={text.heading} text={text.text}>
      <SignUpAgain />
    </NewsletterPage>
  );
}
