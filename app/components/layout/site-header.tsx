import { Link, NavLink, useLocation } from "react-router";
import { Icon } from "~/components/icons/icon";
import { SiteSearch } from "~/components/search/site-search";
import { company, telHref } from "~/content/company";
import { mainNavigation } from "~/content/navigation";
import { cn } from "~/lib/cn";
import { isActivePath } from "~/lib/navigation";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";

export function SiteHeader() {
  const { pathname } = useLocation();
  return (
    <>
      <header className="sticky top-0 z-30 border-b border-mist bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:h-20 lg:px-8">
          <Link to="/" reloadDocument className="shrink-0 rounded-md" aria-label={`${company.name}, home`}>
            <Logo />
          </Link>
          <nav aria-label="Main" className="hidden md:block">
            <ul className="flex items-center gap-1 lg:gap-2">
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
                        "block rounded-md px-2 py-2 text-sm font-semibold lg:px-3 lg:text-[0.95rem]",
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
          <div className="flex items-center gap-2">
            <a
              href={telHref}
              className="hidden items-center gap-2 rounded-md px-3 py-2 font-semibold text-navy hover:bg-paper lg:inline-flex xl:whitespace-nowrap"
              data-testid="header-phone"
            >
              <Icon name="Phone" className="size-4 text-steel" />
              <span>{company.phone}</span>
            </a>
            <SiteSearch id="header-search" wide className="hidden w-40 shrink-0 xl:block" />
            <MobileMenu pathname={pathname} />
          </div>
        </div>
      </header>
      {/* From md to xl the row above has no room for the field: it sits below, and scrolls away with
          the page (in the sticky header it would cover the top of every section a link jumps to). */}
      <div className="hidden border-b border-mist bg-paper md:block xl:hidden">
        <div className="mx-auto flex max-w-7xl justify-end px-4 py-2 sm:px-6 lg:px-8">
          <SiteSearch id="bar-search" className="w-full max-w-sm" />
        </div>
      </div>
    </>
  );
}
