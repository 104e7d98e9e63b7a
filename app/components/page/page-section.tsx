import type { ReactNode } from "react";
import { SectionHeading } from "~/components/page/section-heading";
import { cn } from "~/lib/cn";

const TONES = {
  white: "bg-white",
  paper: "bg-paper",
  navy: "bg-navy text-white",
} as const;

const SPACING = {
  /** Most bands. */
  roomy: "py-16 sm:py-20",
  /** Bands of cards that carry their own padding. */
  even: "py-16",
  /** A single callout. */
  tight: "py-12",
} as const;

/**
 * A band of a page: a section named by its heading (`headingId`), at the site's width and side padding.
 * With `heading`, the band opens with the usual section heading and lead.
 */
export function PageSection({
  headingId,
  id,
  tone = "white",
  spacing = "roomy",
  heading,
  lead,
  className,
  innerClassName,
  children,
}: {
  headingId: string;
  id?: string;
  tone?: keyof typeof TONES;
  spacing?: keyof typeof SPACING;
  heading?: string;
  lead?: string;
  className?: string;
  innerClassName?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={headingId} className={cn(TONES[tone], SPACING[spacing], className)}>
      <div className={cn("mx-auto max-w-7xl px-4 sm:px-6 lg:px-8", innerClassName)}>
        {heading ? <SectionHeading id={headingId} heading={heading} lead={lead} /> : null}
        {children}
      </div>
    </section>
  );
}

/** A card of a grid: a title and a short text, with what comes before (an icon) or after (a link). */
export function TextCard({
  title,
  text,
  before,
  after,
  className,
}: {
  title: string;
  text: string;
  before?: ReactNode;
  after?: ReactNode;
  className?: string;
}) {
  return (
    <li className={cn("flex flex-col rounded-xl p-6", className)}>
      {before}
      <h3 className="text-lg font-bold text-navy">{title}</h3>
      <p className={cn("leading-relaxed text-slate-700", after ? "flex-1" : undefined)}>{text}</p>
      {after}
    </li>
  );
}
