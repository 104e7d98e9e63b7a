import { Icon } from "~/components/icons/icon";
import type { Article } from "~/content/articles";
import { cn } from "~/lib/cn";
import { formatLongDate } from "~/lib/format-date";

/** Author, publication date and read time, on a card or under an article's title. */
export function ArticleMeta({
  article,
  tone = "light",
  className,
}: {
  article: Pick<Article, "author" | "date" | "readTime">;
  tone?: "light" | "dark";
  className?: string;
}) {
  const iconClass = cn("size-4 shrink-0", tone === "dark" ? "text-amber" : "text-steel");
  return (
    <ul
      className={cn(
        "flex flex-wrap items-center gap-x-5 gap-y-1.5 text-sm",
        tone === "dark" ? "text-mist" : "text-slate-600",
        className,
      )}
    >
      <li className="inline-flex items-center gap-1.5">
        <Icon name="User" className={iconClass} />
        {article.author}
      </li>
      <li className="inline-flex items-center gap-1.5">
        <Icon name="Calendar" className={iconClass} />
        <time dateTime={article.date}>{formatLongDate(article.date)}</time>
      </li>
      <li className="inline-flex items-center gap-1.5">
        <Icon name="Clock" className={iconClass} />
        {article.readTime}
      </li>
    </ul>
  );
}

export function ArticleTags({
  tags,
  label,
  tone = "light",
  className,
}: {
  tags: readonly string[];
  label: string;
  tone?: "light" | "dark";
  className?: string;
}) {
  return (
    <ul aria-label={label} className={cn("flex flex-wrap gap-2", className)}>
      {tags.map((tag) => (
        <li
          key={tag}
          className={cn(
            "rounded-md px-2.5 py-1 text-xs font-semibold",
            tone === "dark" ? "bg-white/10 text-white ring-1 ring-white/20" : "bg-mist text-navy",
          )}
        >
          {tag}
        </li>
      ))}
    </ul>
  );
}
