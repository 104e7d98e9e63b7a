import { useEffect } from "react";
import { Toaster } from "sonner";

/** The toast area itself; loaded by toaster.tsx with the first notice. */
export default function SonnerToaster({ onReady }: { onReady: () => void }) {
  // Runs after sonner's own effects have subscribed it to new toasts.
  useEffect(() => onReady(), [onReady]);
  return (
    <Toaster
      visibleToasts={1}
      position="top-center"
      closeButton
      toastOptions={{
        classNames: {
          toast: "!bg-white !text-navy !border-2 !border-navy/15 !shadow-xl",
          title: "!font-bold !text-base",
          description: "!text-slate-700 !text-sm",
          error: "!border-red-700",
          success: "!border-green-700",
        },
      }}
    />
  );
}
