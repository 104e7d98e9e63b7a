import { SectionHeading } from "~/components/page/section-heading";
import type { NamedText } from "~/content/schema";
import { cn } from "~/lib/cn";

/** A section of short named cards: the materials, the applications. */
export function NamedCardGrid({
  id,
  heading,
  lead,
  items,
  tone = "white",
  columns = 3,
}: {
  id: string;
  heading: string;
  lead: string;
  items: readonly NamedText[];
  tone?: "white" | "paper";
  columns?: 3 | 4;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn("py-16 sm:py-20", tone === "paper" ? "bg-paper" : "bg-white")}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id={id} heading={heading} lead={lead} />
        <ul
          className={cn(
            "mt-10 grid gap-6 sm:grid-cols-2",
            columns === 4 ? "lg:grid-cols-4" : "lg:grid-cols-3",
          )}
        >
          {items.map((item) => (
            <li
              key={item.name}
              className="flex flex-col gap-2 rounded-xl bg-white p-6 shadow-sm ring-1 ring-mist"
            >
              <h3 className="text-lg font-bold text-navy">{item.name}</h3>
              <p className="leading-relaxed text-slate-700">{item.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
