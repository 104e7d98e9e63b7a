import { Link, NavLink, useLocation } from "react-router";
import { Icon } from "~/components/icons/icon";
import { QuoteListLink } from "~/components/layout/quote-list-link";
import { SiteSearch } from "~/components/search/site-search";
import { company, telHref } from "~/content/company";
import { mainNavigation } from "~/content/navigation";
import { quoteLinks, quotePage } from "~/content/quote";
import { QUOTE_LIST_PATH } from "~/content/quote-list";
import { cn } from "~/lib/cn";
import { isActivePath } from "~/lib/navigation";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";

export function SiteHeader() {
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-30 border-b border-mist bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      {/* One row at every width from md up (docs/product.md#navigation): nothing in it wraps; the
            search field takes the room left over (at md, with narrower margins, enough for its
            placeholder) and the logo's words show from xl. */}
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:px-6 md:max-lg:px-4 lg:h-20 lg:gap-3 lg:px-8">
        <Link to="/" reloadDocument className="shrink-0 rounded-md" aria-label={`${company.name}, home`}>
          <Logo compact />
        </Link>
        <nav aria-label="Main" className="hidden shrink-0 md:block">
          <ul className="flex items-center">
            {mainNavigation.map((item) => {
              const active = isActivePath(item.href, pathname);
              return (
                <li key={item.href}>
                  <NavLink
                    to={item.href}
                    // Moving between pages loads a document on every page, with or without scripts
                    // (docs/decisions/0023); speculation rules make it quick.
                    reloadDocument
                    // The site's rule (docs/product.md#navigation) decides, not NavLink's own.
                    aria-current={active ? "page" : undefined}
                    className={cn(
                      "block rounded-md px-1 py-2 text-[0.8125rem] font-semibold whitespace-nowrap lg:px-1.5 lg:text-sm xl:px-2",
                      active
                        ? "bg-mist text-navy underline decoration-amber decoration-[3px] underline-offset-8"
                        : "text-slate-700 hover:bg-paper hover:text-navy",
                    )}
                  >
                    {item.label}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="flex min-w-0 flex-1 items-center justify-end gap-2">
          <a
            href={telHref}
            className="hidden shrink-0 items-center gap-1.5 rounded-md px-1.5 py-2 text-sm font-semibold whitespace-nowrap text-navy hover:bg-paper lg:inline-flex"
            data-testid="header-phone"
          >
            <Icon name="Phone" className="size-4 text-steel" />
            <span>{company.phone}</span>
          </a>
          <SiteSearch id="header-search" wide className="hidden max-w-64 min-w-20 flex-1 md:block" />
          <a
            href={quotePage.path}
            // Below xl the row shows the short label; the name is the whole one at every width.
            aria-label={quoteLinks.header}
            className="hidden h-10 shrink-0 items-center rounded-md bg-amber px-3 text-sm font-semibold whitespace-nowrap text-navy hover:bg-amber-dark focus-visible:ring-3 focus-visible:ring-focus focus-visible:ring-offset-2 focus-visible:outline-none md:inline-flex"
            data-testid="header-quote"
          >
            <span className="md:max-xl:hidden">{quoteLinks.header}</span>
            <span className="hidden md:max-xl:inline">{quoteLinks.headerShort}</span>
          </a>
          <QuoteListLink current={pathname === QUOTE_LIST_PATH} />
          <MobileMenu pathname={pathname} />
        </div>
      </div>
    </header>
  );
}
