import type { ReactNode } from "react";
import { ArrowLinkButton } from "~/components/arrow-link-button";
import { Icon, type IconName } from "~/components/icons/icon";
import { Button } from "~/components/ui/button";
import type { ProtectivePackagingContent } from "~/content/schema";

/** A card of its own section: an icon, the heading, a short text, then the link on. */
function LinkCard({
  id,
  icon,
  heading,
  text,
  children,
}: {
  id: string;
  icon: IconName;
  heading: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 rounded-xl bg-paper p-6 ring-1 ring-mist sm:p-8"
    >
      <span className="inline-flex size-12 items-center justify-center rounded-lg bg-amber/20 text-navy">
        <Icon name={icon} className="size-6" />
      </span>
      <h2 id={id} className="text-xl font-bold text-navy sm:text-2xl">
        {heading}
      </h2>
      <p className="flex-1 leading-relaxed text-slate-700">{text}</p>
      {children}
    </section>
  );
}

/** Where to go next: the stock catalogue on /resources, and videos of the fabrication process. */
export function FurtherLinks({
  catalog,
  video,
}: {
  catalog: ProtectivePackagingContent["catalogLink"];
  video: ProtectivePackagingContent["video"];
}) {
  return (
    <div className="bg-white py-16 sm:py-20">
      <div className="mx-auto grid max-w-7xl gap-6 px-4 sm:px-6 md:grid-cols-2 lg:px-8">
        <LinkCard id="catalog-link-heading" icon="BookOpen" heading={catalog.heading} text={catalog.text}>
          <ArrowLinkButton
            link={{ href: catalog.href, label: catalog.linkLabel }}
            variant="secondary"
            className="self-start"
          />
        </LinkCard>
        <LinkCard id="video-link-heading" icon="PlayCircle" heading={video.heading} text={video.text}>
          <Button asChild variant="outline" wrap className="self-start text-left">
            <a href={video.url} target="_blank" rel="noopener noreferrer">
              {video.linkLabel}
              <span className="sr-only"> ({video.newTabNote})</span>
              <Icon name="ExternalLink" />
            </a>
          </Button>
        </LinkCard>
      </div>
    </div>
  );
}
