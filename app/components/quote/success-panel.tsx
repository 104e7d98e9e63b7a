import { useEffect, useRef } from "react";
import { Icon } from "~/components/icons/icon";
import { Button } from "~/components/ui/button";
import { company } from "~/content/company";
import { quoteFormText as text } from "~/content/quote";
import { QUOTE_SUCCESS } from "~/forms/quote";

/** What the buyer sees once the request is stored: its reference and how to reach sales. */
export function SuccessPanel({ reference }: { reference: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div
      className="flex flex-col items-center gap-4 rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-mist"
      data-testid="quote-success"
    >
      <Icon name="CircleCheck" className="size-14 text-green-700" />
      <h2 ref={heading} tabIndex={-1} className="text-2xl font-extrabold text-navy focus:outline-none">
        {QUOTE_SUCCESS.title}
      </h2>
      <p className="max-w-md text-slate-700">{QUOTE_SUCCESS.message}</p>
      <p className="text-lg text-slate-800" data-testid="quote-reference">
        {`${text.success.reference} `}
        <strong className="font-mono text-navy">{reference}</strong>
      </p>
      <p className="max-w-md text-sm text-slate-600">
        {text.success.acknowledgement}{" "}
        <a href={`tel:${company.phoneE164}`} className="font-semibold underline underline-offset-2">
          {company.phone}
        </a>
        .
      </p>
      <Button asChild variant="outline">
        <a href="/quote">{text.success.another}</a>
      </Button>
    </div>
  );
}
