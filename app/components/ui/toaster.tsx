import { Toaster as Sonner } from "sonner";

/** The spec shows one notice at a time. */
export function Toaster() {
  return (
    <Sonner
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
