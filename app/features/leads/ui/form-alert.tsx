import type { ReactNode } from "react";
import { Icon } from "~/components/icons/icon";

/** An outcome shown in the page itself: what a visitor without JavaScript sees instead of a toast. */
export function FormAlert({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <div
      id={id}
      role="alert"
      className="flex gap-3 rounded-md border-2 border-red-700 bg-red-50 p-4 text-red-900"
    >
      <Icon name="CircleAlert" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-bold">{title}</p>
        <p>{children}</p>
      </div>
    </div>
  );
}

/** The sales address as a mailto link, appended to 'Submission Failed'. */
export function SalesEmailLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className="font-semibold underline underline-offset-2">
      {email}
    </a>
  );
}

/**
 * True when a post failed on the server's side (5xx) or never reached it (status 0): the forms then
 * add the sales address to their failure notice.
 */
export const isServerFailure = (status: number) => status === 0 || status >= 500;
