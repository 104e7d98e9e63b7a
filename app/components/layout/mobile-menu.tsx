import { type ComponentProps, type ComponentType, useRef, useState } from "react";
import { Icon } from "~/components/icons/icon";
import { Button } from "~/components/ui/button";
import { Tooltip } from "~/components/ui/tooltip";

type SheetComponent = ComponentType<ComponentProps<typeof import("./mobile-menu-sheet").default>>;

let sheetModule: Promise<SheetComponent> | undefined;
/** The dialog code is fetched once, when the menu is first about to be used, not with every page. */
function loadSheet(): Promise<SheetComponent> {
  sheetModule ??= import("./mobile-menu-sheet").then((module) => module.default);
  return sheetModule;
}

/** Below the md breakpoint the navigation lives in a right-side sheet. */
export function MobileMenu({ pathname }: { pathname: string }) {
  const [open, setOpen] = useState(false);
  const [MenuSheet, setMenuSheet] = useState<SheetComponent | null>(null);
  const button = useRef<HTMLButtonElement>(null);

  const prepare = () => {
    loadSheet().then((component) => setMenuSheet(() => component));
  };
  const openMenu = () => {
    loadSheet().then((component) => {
      setMenuSheet(() => component);
      setOpen(true);
    });
  };

  return (
    <div className="md:hidden">
      <Tooltip label="Open menu">
        <Button
          ref={button}
          variant="ghost"
          size="icon"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={open}
          onPointerEnter={prepare}
          onFocus={prepare}
          onClick={openMenu}
        >
          <Icon name="Menu" className="!size-6" />
        </Button>
      </Tooltip>
      {MenuSheet ? (
        <MenuSheet open={open} onOpenChange={setOpen} pathname={pathname} returnFocusTo={button} />
      ) : null}
    </div>
  );
}
