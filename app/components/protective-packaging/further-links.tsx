import { Link } from "react-router";
import { Icon } from "~/components/icons/icon";
import { Button } from "~/components/ui/button";
import type { ProtectivePackagingContent } from "~/content/schema";

const cardClass = "flex flex-col gap-4 rounded-xl bg-paper p-6 ring-1 ring-mist sm:p-8";
const iconClass = "inline-flex size-12 items-center justify-center rounded-lg bg-amber/20 text-navy";

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
        <section aria-labelledby="catalog-link-heading" className={cardClass}>
          <span className={iconClass}>
            <Icon name="BookOpen" className="size-6" />
          </span>
          <h2 id="catalog-link-heading" className="text-xl font-bold text-navy sm:text-2xl">
            {catalog.heading}
          </h2>
          <p className="flex-1 leading-relaxed text-slate-700">{catalog.text}</p>
          <Button asChild variant="secondary" className="self-start">
            <Link to={catalog.href}>
              {catalog.linkLabel}
              <Icon name="ArrowRight" />
            </Link>
          </Button>
        </section>
        <section aria-labelledby="video-link-heading" className={cardClass}>
          <span className={iconClass}>
            <Icon name="PlayCircle" className="size-6" />
          </span>
          <h2 id="video-link-heading" className="text-xl font-bold text-navy sm:text-2xl">
            {video.heading}
          </h2>
          <p className="flex-1 leading-relaxed text-slate-700">{video.text}</p>
          <Button asChild variant="outline" wrap className="self-start text-left">
            <a href={video.url} target="_blank" rel="noopener noreferrer">
              {video.linkLabel}
              <span className="sr-only"> ({video.newTabNote})</span>
              <Icon name="ExternalLink" />
            </a>
          </Button>
        </section>
      </div>
    </div>
  );
}
