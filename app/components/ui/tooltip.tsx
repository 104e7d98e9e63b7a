import type { ReactElement } from "react";

/**
 * docs/product.md#tooltips, in CSS alone (app.css, docs/decisions/0023): a tooltip shows 700 ms after the
 * pointer arrives on its control and at once on keyboard focus; leaving, blur or a press hides it at
 * once. It works the same on pages with and without scripts. The site's only tooltips label icon
 * buttons, one per page, so the 300 ms skip delay between tooltips never comes into play.
 */
export function Tooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <span className="tooltip-anchor relative inline-flex">
      {children}
      <span
        role="tooltip"
        className="tooltip pointer-events-none absolute top-full right-0 z-50 mt-2 rounded-md bg-navy px-3 py-1.5 text-sm whitespace-nowrap text-white shadow-lg"
      >
        {label}
      </span>
    </span>
  );
}
