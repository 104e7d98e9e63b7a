import type { ReactNode } from "react";

/** A result card's last line: one small link (a product's card on its page, an item's safety data sheet). */
export function ResultLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p className="text-sm">
      <a href={href} className="font-semibold text-steel underline underline-offset-4 hover:text-navy">
        {children}
      </a>
    </p>
  );
}
