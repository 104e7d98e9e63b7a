import type { ReactNode } from "react";
import { ResponsiveImage } from "~/components/responsive-image";
import type { ImageName } from "~/content/images";
import { cn } from "~/lib/cn";

/** Phones: below Tailwind's `md` breakpoint (48rem), in the syntax Tailwind's own media queries use. */
const PHONE = "(width < 48rem)";

/** The first block of every page: the page's one h1, its lead, actions and the hero art. */
export function PageHero({
  eyebrow,
  heading,
  lead,
  image,
  artOnPhones = true,
  children,
}: {
  eyebrow?: string;
  heading: string;
  lead: string;
  image: ImageName;
  /**
   * False on the hub pages (products, resources): a phone shows no art there and fetches none, and
   * the page opens on its jump links and lists (docs/decisions/0039-first-screen-first.md).
   */
  artOnPhones?: boolean;
  children?: ReactNode;
}) {
  return (
    <section className="relative overflow-hidden bg-navy text-white" aria-labelledby="page-title">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 md:py-16 lg:px-8 lg:py-20">
        <div className="flex flex-col gap-5">
          {eyebrow ? (
            <p className="text-sm font-bold uppercase tracking-[0.16em] text-amber">{eyebrow}</p>
          ) : null}
          <h1
            id="page-title"
            className="text-3xl font-extrabold leading-tight text-balance sm:text-4xl lg:text-5xl"
          >
            {heading}
          </h1>
          <p className="max-w-prose text-lg leading-relaxed text-mist">{lead}</p>
          {children ? <div className="flex flex-wrap gap-3 pt-2">{children}</div> : null}
        </div>
        <div
          className={cn(
            "overflow-hidden rounded-xl bg-steel/30 shadow-2xl ring-1 ring-white/10",
            !artOnPhones && "max-md:hidden",
          )}
        >
          <ResponsiveImage
            name={image}
            priority
            skipWhen={artOnPhones ? undefined : PHONE}
            sizes="(min-width: 1280px) 608px, (min-width: 768px) 50vw, 100vw"
            className="block h-auto w-full"
          />
        </div>
      </div>
    </section>
  );
}
