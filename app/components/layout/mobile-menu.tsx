import { Link } from "react-router";
import { EmailAddress } from "~/components/email-address";
import { Icon } from "~/components/icons/icon";
import { SiteSearch } from "~/components/search/site-search";
import { Button } from "~/components/ui/button";
import { Tooltip } from "~/components/ui/tooltip";
import { company, telHref } from "~/content/company";
import { mainNavigation } from "~/content/navigation";
import { cn } from "~/lib/cn";
import { isActivePath } from "~/lib/navigation";

const MENU_ID = "mobile-menu";

/**
 * The buttons name the dialog twice (docs/decisions/0023): a browser with invoker commands opens it
 * as a modal (focus trapped, the page behind inert, Escape closes, focus returns to the button); one
 * without them ignores `commandfor` and opens the same dialog as a popover (Escape and a click outside
 * close it). Neither needs a script. React's types do not know the invoker attributes yet.
 */
const openMenu = { commandfor: MENU_ID, command: "show-modal", popoverTarget: MENU_ID } as const;
const closeMenuButton = {
  commandfor: MENU_ID,
  command: "close",
  popoverTarget: MENU_ID,
  popoverTargetAction: "hide",
} as const;

/**
 * On a page with scripts a link may change the page without loading a document: close the menu
 * then, as a document load would (docs/product.md#navigation).
 */
function closeMenu() {
  const menu = document.getElementById(MENU_ID);
  if (!(menu instanceof HTMLDialogElement)) return;
  if (menu.matches(":popover-open")) menu.hidePopover();
  else menu.close();
}

/** Below the md breakpoint the navigation lives in a dialog that slides in from the right. */
export function MobileMenu({ pathname }: { pathname: string }) {
  return (
    <div className="md:hidden">
      <Tooltip label="Open menu">
        <Button variant="ghost" size="icon" aria-label="Open menu" aria-haspopup="dialog" {...openMenu}>
          <Icon name="Menu" className="!size-6" />
        </Button>
      </Tooltip>
      <dialog
        id={MENU_ID}
        popover="auto"
        closedby="any"
        aria-labelledby={`${MENU_ID}-title`}
        aria-describedby={`${MENU_ID}-description`}
        className="menu-sheet fixed inset-y-0 right-0 left-auto z-50 m-0 h-dvh border-0 max-h-none w-[min(22rem,88vw)] max-w-none flex-col gap-6 overflow-y-auto bg-white p-6 text-slate-900 shadow-2xl backdrop:bg-navy/60 open:flex"
      >
        <div className="flex items-center justify-between gap-4">
          <h2 id={`${MENU_ID}-title`} className="text-lg font-bold text-navy">
            Menu
          </h2>
          <button
            type="button"
            aria-label="Close menu"
            className="inline-flex size-11 items-center justify-center rounded-md text-navy hover:bg-mist focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-focus"
            {...closeMenuButton}
          >
            <Icon name="X" className="size-6" />
          </button>
        </div>
        <p id={`${MENU_ID}-description`} className="sr-only">
          Site navigation and contact details
        </p>
        <MenuContent pathname={pathname} />
      </dialog>
    </div>
  );
}

function MenuContent({ pathname }: { pathname: string }) {
  return (
    <>
      <SiteSearch id="menu-search" />
      <nav aria-label="Mobile">
        <ul className="flex flex-col gap-1">
          {mainNavigation.map((item) => {
            const active = isActivePath(item.href, pathname);
            return (
              <li key={item.href}>
                <Link
                  to={item.href}
                  reloadDocument
                  onClick={closeMenu}
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
          className="flex items-center gap-3 rounded-md py-1 font-semibold text-navy"
        >
          <Icon name="Mail" className="size-5 shrink-0 text-steel" />
          <span>
            <EmailAddress email={company.email} />
          </span>
        </a>
      </div>
      <Button asChild size="lg" className="w-full">
        <Link to="/contact" reloadDocument onClick={closeMenu}>
          Get Quote
        </Link>
      </Button>
    </>
  );
}
