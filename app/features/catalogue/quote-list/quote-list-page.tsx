import { quoteListPage as text } from "~/content/quote-list-page";
import { VIEW } from "./view-marks";

const linkClass =
  "font-semibold text-steel underline underline-offset-4 hover:text-navy focus-visible:rounded-sm focus-visible:ring-3 focus-visible:ring-focus focus-visible:outline-none";

/**
 * The quote list's page (docs/catalogue.md#quote-list): the list lives in the browser, so the server
 * sends the frame and the page's module (quote-list-view.ts) writes the lines into it. The form is a GET
 * to /quote whose fields are each line's `sku` and `qty`: "Request a quote for N items" is its submit
 * button. Without JavaScript there is no list, and the page says where to ask instead (a `<noscript>` would not
 * cover a module that failed to load).
 */
export function QuoteListPage() {
  return (
    <>
      <section aria-labelledby="page-title" className="bg-navy text-white">
        <div className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
          <h1 id="page-title" className="text-3xl leading-tight font-extrabold sm:text-4xl">
            {text.heading}
          </h1>
          <p className="max-w-3xl text-lg text-mist">{text.lead}</p>
        </div>
      </section>
      <div className="bg-paper">
        <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10 sm:px-6 lg:px-8">
          {/* Shown until the page's module writes the list: without JavaScript, or should it fail to load. */}
          <p id={VIEW.noScript} className="text-lg text-slate-800">
            {text.noScript}{" "}
            <a href="/quote" className={linkClass}>
              {text.quoteForm}
            </a>
          </p>
          <p id={VIEW.status} role="status" className="text-sm font-semibold text-green-800" />
          <form method="get" action="/quote" hidden {...{ [VIEW.form]: "" }} className="flex flex-col gap-6">
            <ul id={VIEW.lines} aria-label={text.caption} className="flex flex-col gap-3" />
            <div>
              <button
                id={VIEW.submit}
                type="submit"
                className="inline-flex min-h-12 items-center rounded-md bg-amber px-6 text-lg font-semibold text-navy hover:bg-amber-dark focus-visible:ring-3 focus-visible:ring-focus focus-visible:ring-offset-2 focus-visible:outline-none"
              >
                {text.request(0)}
              </button>
            </div>
          </form>
          <section id={VIEW.empty} hidden aria-labelledby={VIEW.emptyHeading} className="flex flex-col gap-3">
            <h2
              id={VIEW.emptyHeading}
              tabIndex={-1}
              className="text-xl font-extrabold text-navy focus:outline-none"
            >
              {text.emptyHeading}
            </h2>
            <p className="text-lg text-slate-800">{text.empty}</p>
            <p>
              <a href="/products" className={linkClass}>
                {text.browse}
              </a>
            </p>
          </section>
        </div>
      </div>
    </>
  );
}
