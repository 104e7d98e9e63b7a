import { Link } from "react-router";
import { Icon } from "~/components/icons/icon";

const UNDERLINE = {
  /** Underlined when the pointer is on it: a link among cards. */
  hover:
    "inline-flex items-center gap-2 self-start rounded-sm font-semibold text-steel underline-offset-4 hover:text-navy hover:underline",
  /** Always underlined: the one link of a callout. */
  always:
    "inline-flex items-center gap-2 self-start rounded-sm font-semibold text-steel underline underline-offset-4 hover:text-navy",
} as const;

/**
 * A text link on to more, its label followed by an arrow. A site path goes through the router; any
 * other address (tel:, mailto:) is a plain link.
 */
export function ArrowTextLink({
  href,
  label,
  ariaLabel,
  underline = "hover",
}: {
  href: string;
  label: string;
  ariaLabel?: string;
  underline?: keyof typeof UNDERLINE;
}) {
  const className = UNDERLINE[underline];
  const content = (
    <>
      {label}
      <Icon name="ArrowRight" className="size-4" />
    </>
  );
  return href.startsWith("/") ? (
    <Link to={href} aria-label={ariaLabel} className={className}>
      {content}
    </Link>
  ) : (
    <a href={href} aria-label={ariaLabel} className={className}>
      {content}
    </a>
  );
}
