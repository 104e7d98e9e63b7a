import type { MouseEvent } from "react";
import { quoteFormText } from "~/content/quote-form";
import type { QuoteFieldErrors } from "~/features/quote/quote";
import { fieldId } from "./field-state";

/** The control a message's link leads to: the field's own, or for the list as a whole the paste box. */
const summaryTarget = (key: string) => (key === "items" ? "quote-pasteList" : fieldId(key));

const text = quoteFormText.errorSummary;

/**
 * Activating a link focuses its field and brings the field's label into view: a plain jump to the
 * fragment would leave focus where it was and hide the label above the top of the screen. Without
 * JavaScript the link still jumps to the field.
 */
function focusField(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const field = document.getElementById(id);
  if (!field) return;
  event.preventDefault();
  const label = document.querySelector(`label[for="${id}"]`) ?? field;
  // A field folded away (an item's notes) is unfolded first.
  const folded = field.closest("details");
  if (folded && !folded.open) folded.open = true;
  label.scrollIntoView({ block: "start" });
  field.focus({ preventScroll: true });
}

/**
 * The error summary at the top of the form (GOV.UK's pattern): a heading and a link to each invalid
 * field, in the form's order, with the field's own message. It follows the messages, so it shrinks as
 * fields are fixed and goes with the last one; a failed submit moves focus to it.
 */
export function ErrorSummary({ errors }: { errors: QuoteFieldErrors }) {
  const entries = Object.entries(errors).filter(([, message]) => message);
  if (entries.length === 0) return null;
  return (
    <section
      id="quote-error-summary"
      tabIndex={-1}
      aria-labelledby="quote-error-summary-title"
      className="rounded-md border-4 border-red-700 bg-white p-5 focus:outline-none focus-visible:ring-3 focus-visible:ring-steel/40"
      data-testid="quote-error-summary"
    >
      <div role="alert">
        <h2 id="quote-error-summary-title" className="text-xl font-extrabold text-red-800">
          {text.title}
        </h2>
        <ul className="mt-3 flex flex-col gap-2">
          {entries.map(([key, message]) => (
            <li key={key}>
              <a
                href={`#${summaryTarget(key)}`}
                onClick={(event) => focusField(event, summaryTarget(key))}
                className="font-semibold text-red-800 underline underline-offset-2 hover:text-red-900"
              >
                {message}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
