import { useEffect, useRef } from "react";
import { Icon } from "~/components/icons/icon";
import { Button } from "~/components/ui/button";
import { company } from "~/content/company";
import { quoteFormText } from "~/content/quote-form";
import { QUOTE_SUCCESS } from "~/features/quote/quote";
import { quantityText } from "../quantity-text";
import type { SentSummary } from "./sent-summary";

const text = quoteFormText.success;

/** The items and files sent, and the files still to send, under the reference. */
function SentList({ reference, sent }: { reference: string; sent: SentSummary }) {
  return (
    <div className="flex w-full max-w-xl flex-col gap-4 text-left" data-testid="quote-sent">
      <section aria-labelledby="quote-sent-items">
        <h3 id="quote-sent-items" className="font-bold text-navy">
          {text.itemsHeading}
        </h3>
        <ol className="mt-1 list-decimal pl-6 text-slate-800">
          {sent.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once sent.
            <li key={index}>
              {item.description}: {quantityText(item.quantity, item.unit)}
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="quote-sent-files">
        <h3 id="quote-sent-files" className="font-bold text-navy">
          {text.filesHeading}
        </h3>
        {sent.files.length > 0 ? (
          <ul className="mt-1 list-disc pl-6 text-slate-800">
            {sent.files.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-slate-700">{text.noFiles}</p>
        )}
      </section>
      {sent.filesNotArrived.length > 0 ? (
        <section
          aria-labelledby="quote-files-to-send"
          className="rounded-md border-2 border-amber-700 bg-amber-50 p-4 text-slate-900"
          data-testid="quote-files-to-send"
        >
          <h3 id="quote-files-to-send" className="font-bold">
            {text.notArrivedHeading}
          </h3>
          <p className="mt-1">
            {`${text.notArrived} `}
            <strong className="font-mono">{reference}</strong>.
          </p>
          <ul className="mt-1 list-disc pl-6">
            {sent.filesNotArrived.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** What the buyer sees once the request is stored: its reference, what was sent and how to reach sales. */
export function SuccessPanel({ reference, sent }: { reference: string; sent?: SentSummary | undefined }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div
      className="quote-proof flex flex-col items-center gap-4 rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-mist"
      data-testid="quote-success"
    >
      <Icon name="CircleCheck" className="size-14 text-green-700" />
      <h2 ref={heading} tabIndex={-1} className="text-2xl font-extrabold text-navy focus:outline-none">
        {QUOTE_SUCCESS.title}
      </h2>
      <p className="max-w-md text-slate-700">{QUOTE_SUCCESS.message}</p>
      <p className="text-lg text-slate-800" data-testid="quote-reference">
        {`${text.reference} `}
        <strong className="font-mono text-navy">{reference}</strong>
      </p>
      {sent ? <SentList reference={reference} sent={sent} /> : null}
      <p className="max-w-md text-sm text-slate-600">
        {text.acknowledgement}{" "}
        <a href={`tel:${company.phoneE164}`} className="font-semibold underline underline-offset-2">
          {company.phone}
        </a>
        .
      </p>
      <Button asChild variant="outline" className="print-hidden">
        <a href="/quote">{text.another}</a>
      </Button>
    </div>
  );
}
