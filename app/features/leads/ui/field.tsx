import { type ComponentProps, type ReactNode, type RefObject, useEffect, useState } from "react";
import type { FieldErrors } from "~/features/leads/form-input";
import { cn } from "~/lib/cn";

/** The look of the forms' inputs, selects and text areas; an invalid one gets a red border. */
export const controlClass =
  "w-full rounded-md border-2 border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-steel focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-steel/30 aria-invalid:border-red-700";

/**
 * The attributes that tie a control to its messages (docs/product.md#field-errors): while `error` is
 * set, `aria-invalid` and `aria-describedby` naming the message beside the field, then its hint (`hint`:
 * the field has one). `focus` marks the first invalid field of a page the server rendered after a
 * refused post: the browser focuses it as the page loads, which is how a form posted without
 * JavaScript takes the visitor to the field to correct. Focus only moves there as the answer to the
 * visitor's own submit.
 */
export function fieldProps(id: string, { error, hint = false, focus = false }: FieldState) {
  const describedBy = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ");
  return {
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby": describedBy || undefined,
    autoFocus: (focus && Boolean(error)) || undefined,
  };
}

interface FieldState {
  error?: string | undefined;
  hint?: boolean;
  focus?: boolean;
}

/** The field of a server's answer to focus when its page loads: the first invalid one, in the form's order. */
export function firstInvalid(errors: FieldErrors | undefined): string | undefined {
  return errors ? Object.keys(errors).find((key) => errors[key]) : undefined;
}

/**
 * A field's message, shown beside it and named by its control's aria-describedby (see fieldProps).
 * `colour` replaces the dark red for a form on a dark background.
 */
export function FieldError({
  id,
  error,
  colour = "text-red-800",
}: {
  id: string;
  error?: string;
  colour?: string;
}) {
  return error ? (
    <p id={`${id}-error`} className={cn("text-sm font-semibold", colour)}>
      {error}
    </p>
  ) : null;
}

/**
 * Where a page answering a post without JavaScript scrolls to: its form's action names this id as the
 * fragment. The outcome (thank-you panel, notice) carries the id, except when fields were refused:
 * browsers skip autofocus on a page whose fragment names an element, and the first invalid field is
 * what should get the focus then.
 */
export const outcomeId = (form: string, fieldErrors: FieldErrors | undefined) =>
  firstInvalid(fieldErrors) ? undefined : `${form}-outcome`;

/**
 * A labelled control: the label is always visible and tied to the control, the hint sits above it and
 * the field's message below. The control itself takes `fieldProps(id, …)` for its ARIA attributes.
 */
export function Field({
  id,
  label,
  required = false,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="font-semibold text-navy">
        {label}
        {required ? (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * Moves focus to the form's first invalid control (in page order) once the messages it points at are
 * on the page, or to `fallbackId` when no control is invalid. Call the returned function in the same
 * update that sets the field errors: the request is state, so it is committed with them.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLElement | null>): (fallbackId?: string) => void {
  const [request, setRequest] = useState<{ fallbackId?: string | undefined } | null>(null);
  useEffect(() => {
    if (!request) return;
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? (request.fallbackId ? document.getElementById(request.fallbackId) : null))?.focus();
  }, [request, form]);
  return (fallbackId) => setRequest({ fallbackId });
}

export function TextInput({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(controlClass, className)} {...props} />;
}

export function TextArea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(controlClass, "resize-y", className)} {...props} />;
}
