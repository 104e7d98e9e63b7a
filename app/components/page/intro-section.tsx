import { SectionHeading } from "~/components/page/section-heading";

const PARAGRAPHS_CLASS = {
  full: "flex flex-col gap-4 text-lg leading-relaxed text-slate-700",
  /** Kept to a comfortable line length where the column is wide. */
  prose: "flex max-w-prose flex-col gap-4 text-lg leading-relaxed text-slate-700",
} as const;

/** A page's running text: paragraphs in the larger reading size. */
export function Paragraphs({
  paragraphs,
  width = "full",
}: {
  paragraphs: readonly string[];
  width?: keyof typeof PARAGRAPHS_CLASS;
}) {
  return (
    <div className={PARAGRAPHS_CLASS[width]}>
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </div>
  );
}

const INTRO_LAYOUT = {
  /** On the page's own background, heading and text close together. */
  compact: {
    section: "py-16",
    grid: "mx-auto grid max-w-7xl gap-6 px-4 sm:px-6 lg:grid-cols-2 lg:px-8",
  },
  /** A white band with more room around and between the columns. */
  roomy: {
    section: "bg-white py-16 sm:py-20",
    grid: "mx-auto grid max-w-7xl gap-6 px-4 sm:px-6 lg:grid-cols-2 lg:gap-12 lg:px-8",
  },
} as const;

/** The band under a page's hero: a heading beside a few paragraphs that introduce the page. */
export function IntroSection({
  id,
  heading,
  paragraphs,
  layout,
}: {
  id: string;
  heading: string;
  paragraphs: readonly string[];
  layout: keyof typeof INTRO_LAYOUT;
}) {
  const classes = INTRO_LAYOUT[layout];
  return (
    <section aria-labelledby={id} className={classes.section}>
      <div className={classes.grid}>
        <SectionHeading id={id} heading={heading} />
        <Paragraphs paragraphs={paragraphs} />
      </div>
    </section>
  );
}
