import { Link } from "react-router";
import { Icon } from "~/components/icons/icon";
import { Button, type ButtonLook } from "~/components/ui/button";
import type { SiteLink } from "~/content/schema";

/** A button that leads on to another page of the site: its label, then an arrow. */
export function ArrowLinkButton({ link, ...look }: ButtonLook & { link: SiteLink }) {
  return (
    <Button asChild {...look}>
      <Link to={link.href}>
        {link.label}
        <Icon name="ArrowRight" />
      </Link>
    </Button>
  );
}
