import { cn } from "~/lib/cn";

export function SectionHeading({
  id,
  eyebrow,
  heading,
  lead,
  align = "left",
  className,
}: {
  id?: string;
  eyebrow?: string;
  heading: string;
  lead?: string;
  align?: "left" | "center";
  className?: string;
}) {
  return (
    <div
      className={cn(
        "flex flex-col gap-3",
        align === "center" && "mx-auto items-center text-center",
        className,
      )}
    >
      {eyebrow ? <p className="text-sm font-bold uppercase tracking-[0.16em] text-steel">{eyebrow}</p> : null}
      <h2 id={id} className="text-2xl font-extrabold text-navy text-balance sm:text-3xl">
        {heading}
      </h2>
      {lead ? <p className="max-w-3xl text-lg leading-relaxed text-slate-700">{lead}</p> : null}
    </div>
  );
}
