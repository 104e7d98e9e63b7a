import type { ReactNode } from "react";

/** A titled part of a lead's page, named by its heading for assistive technology. */
export function LeadSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `lead-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="mb-6">
      <h2 id={id} className="mb-2 text-lg font-bold text-navy">
        {title}
      </h2>
      {children}
    </section>
  );
}
