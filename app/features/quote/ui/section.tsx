import type { ReactNode } from "react";

/** One white card of the quote form, named by its heading. */
export function Section({
  title,
  id,
  hint,
  children,
}: {
  title: string;
  id: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-mist sm:p-8"
    >
      <h2 id={id} className="text-xl font-extrabold text-navy">
        {title}
      </h2>
      {hint ? <p className="text-slate-700">{hint}</p> : null}
      {children}
    </section>
  );
}
