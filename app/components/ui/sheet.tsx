import { Dialog } from "radix-ui";
import type { ReactNode, RefObject } from "react";
import { Icon } from "~/components/icons/icon";

/**
 * A panel that slides in from the right. Radix Dialog traps focus while it is open and closes on
 * Escape; focus then goes back to `returnFocusTo`, the control that opened it.
 */
export function Sheet({
  open,
  onOpenChange,
  returnFocusTo,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay fixed inset-0 z-40 bg-navy/60" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="sheet-content fixed inset-y-0 right-0 z-50 flex w-[min(22rem,88vw)] flex-col gap-6 overflow-y-auto bg-white p-6 shadow-2xl focus:outline-none"
        >
          <div className="flex items-center justify-between gap-4">
            <Dialog.Title className="text-lg font-bold text-navy">{title}</Dialog.Title>
            <Dialog.Close
              className="inline-flex size-11 items-center justify-center rounded-md text-navy hover:bg-mist focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-focus"
              aria-label="Close menu"
            >
              <Icon name="X" className="size-6" />
            </Dialog.Close>
          </div>
          {description ? <Dialog.Description className="sr-only">{description}</Dialog.Description> : null}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
