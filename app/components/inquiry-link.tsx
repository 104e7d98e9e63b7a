import { MailIcon } from "lucide-react";
import { Button, type ButtonProps } from "~/components/ui/button";
import { company } from "~/content/company";
import { inquiries } from "~/content/inquiries";
import type { InquiryId } from "~/content/schema";
import { buildMailtoHref } from "~/lib/mailto";

/** A button that opens an e-mail draft to sales, with the subject and body written for the request. */
export function InquiryLink({
  inquiry,
  label,
  variant,
  size,
  className,
}: {
  inquiry: InquiryId;
  /** Overrides the inquiry's own button text. */
  label?: string;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  className?: string;
}) {
  const draft = inquiries[inquiry];
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <a href={buildMailtoHref(company.email, draft)} data-inquiry={inquiry}>
        <MailIcon aria-hidden="true" />
        {label ?? draft.label}
      </a>
    </Button>
  );
}
