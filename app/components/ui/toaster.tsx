import { lazy, Suspense, useSyncExternalStore } from "react";
import type { ExternalToast } from "sonner";

/**
 * Toast notices, one at a time (docs/product.md#toasts). The toast library is loaded with the first notice, not
 * with the page: most visits never see one. Pages with a form render <Toaster /> once; forms call
 * `notify`.
 */
const SonnerToaster = lazy(() => import("./sonner-toaster"));

let requested = false;
const listeners = new Set<() => void>();
let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Toaster() {
  const needed = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster onReady={markReady} />
    </Suspense>
  );
}

export async function notify(
  kind: "success" | "error",
  title: string,
  options?: ExternalToast,
): Promise<void> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  const [{ toast }] = await Promise.all([import("sonner"), ready]);
  toast[kind](title, options);
}
