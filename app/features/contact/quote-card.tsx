import { Icon } from "~/components/icons/icon";
import { Button } from "~/components/ui/button";
import { quoteLinks, quotePage } from "~/content/quote";

/**
 * The first thing on /contact: a price is asked for faster with the online quote form, and the menu's
 * Get Quote (to /contact, as it always was) reaches the form with one more tap.
 */
export function QuoteCard() {
  const { question, linkLabel, text } = quoteLinks.contactCard;
  return (
    <div
      className="flex flex-col gap-4 rounded-xl border-l-4 border-amber bg-white p-6 shadow-sm ring-1 ring-mist sm:flex-row sm:items-center sm:justify-between"
      data-testid="contact-quote-card"
    >
      <div className="flex flex-col gap-1">
        <p className="text-xl font-bold text-navy">{question}</p>
        <p className="text-slate-700">{text}</p>
      </div>
      <Button asChild size="lg" className="self-start sm:self-auto">
        <a href={quotePage.path}>
          {linkLabel}
          <Icon name="ArrowRight" />
        </a>
      </Button>
    </div>
  );
}
