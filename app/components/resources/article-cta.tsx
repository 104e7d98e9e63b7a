import { Link } from "react-router";
import { Icon } from "~/components/icons/icon";
import { InquiryLink } from "~/components/inquiry-link";
import { isQuoteInquiry, QuoteOnlineLink } from "~/components/quote-online-link";
import { Button } from "~/components/ui/button";
import { resources } from "~/content/resources";

/** What to do after reading: ask the people who wrote it. */
export function ArticleCta() {
  const cta = resources.article.cta;
  return (
    <aside
      aria-labelledby="article-cta-heading"
      className="flex flex-col gap-4 rounded-xl border-l-4 border-amber bg-paper p-6 shadow-sm ring-1 ring-mist sm:p-8"
    >
      <div className="flex items-center gap-3">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-amber/20 text-navy">
          <Icon name="MessageSquare" className="size-5" />
        </span>
        <h2 id="article-cta-heading" className="text-xl font-extrabold text-navy sm:text-2xl">
          {cta.heading}
        </h2>
      </div>
      <p className="max-w-[65ch] leading-relaxed text-slate-700">{cta.lead}</p>
      <div className="flex flex-wrap gap-3">
        <InquiryLink inquiry={cta.inquiry} />
        {isQuoteInquiry(cta.inquiry) ? <QuoteOnlineLink /> : null}
        <Button asChild variant="outline">
          <Link to="/contact">{cta.contactLabel}</Link>
        </Button>
      </div>
    </aside>
  );
}
