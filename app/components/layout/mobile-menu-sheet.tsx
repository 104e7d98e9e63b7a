import type { RefObject } from "react";
import { Link } from "react-router";
import { Icon } from "~/components/icons/icon";
import { SiteSearch } from "~/components/search/site-search";
import { Button } from "~/components/ui/button";
import { Sheet } from "~/components/ui/sheet";
import { company, telHref } from "~/content/company";
import { mainNavigation } from "~/content/navigation";
import { cn } from "~/lib/cn";
import { isActivePath } from "~/lib/navigation";

/** The menu's panel; loaded the first time the menu is about to be used (see mobile-menu.tsx). */
export default function MobileMenuSheet({
  open,
  onOpenChange,
  pathname,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pathname: string;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const close = () => onOpenChange(false);
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
      title="Menu"
      description="Site navigation and contact details"
    >
      <SiteSearch id="menu-search" onNavigate={close} />
      <nav aria-label="Mobile">
        <ul className="flex flex-col gap-1">
          {mainNavigation.map((item) => {
            const active = isActivePath(item.href, pathname);
            return (
              <li key={item.href}>
                <Link
                  to={item.href}
                  onClick={close}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "block rounded-md px-3 py-3 text-base font-semibold",
                    active ? "bg-mist text-navy" : "text-slate-700 hover:bg-paper hover:text-navy",
                  )}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="flex flex-col gap-3 border-t border-mist pt-5">
        <p className="text-sm font-semibold uppercase tracking-wide text-steel">Contact us</p>
        <a href={telHref} className="flex items-center gap-3 rounded-md py-1 font-semibold text-navy">
          <Icon name="Phone" className="size-5 text-steel" />
          {company.phone}
        </a>
        <a
          href={`mailto:${company.email}`}
          className="flex items-center gap-3 rounded-md py-1 font-semibold break-all text-navy"
        >
          <Icon name="Mail" className="size-5 shrink-0 text-steel" />
          {company.email}
        </a>
      </div>
      <Button asChild size="lg" className="w-full">
        <Link to="/contact" onClick={close}>
          Get Quote
        </Link>
      </Button>
    </Sheet>
  );
}
