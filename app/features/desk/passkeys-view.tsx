import { deskButton } from "./desk-frame";
import { when } from "./format";
import { PasskeyAdd } from "./passkey-forms";

/** What the sessions page says after a passkey post (its `?passkey=` value). */
export const PASSKEY_NOTICES: Record<string, string> = {
  added: "Passkey added. Next time, choose “Sign in with a passkey” on the sign-in page.",
  removed: "Passkey removed. It no longer signs you in.",
  "not-found": "There is no such passkey.",
  invalid: "No passkey was added: the browser’s answer could not be checked. Try again.",
  replayed: "No passkey was added: that answer had been used already. Try again.",
  "too-many": "No passkey was added: you have 20 already. Remove one first.",
  unavailable: "Passkeys cannot be used at this site’s address.",
};

export interface PasskeyEntry {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The sessions page's passkey section: the list (each removable), and the form to add one. */
export function PasskeysSection({
  passkeys,
  options,
  notice,
  timeZone,
}: {
  passkeys: PasskeyEntry[];
  options: string | null;
  notice: string | null;
  timeZone: string;
}) {
  return (
    <section aria-labelledby="passkeys-heading" className="mt-10">
      <h2 id="passkeys-heading" className="mb-3 text-xl font-extrabold text-navy">
        Passkeys
      </h2>
      <p className="mb-4 max-w-2xl text-slate-700">
        A passkey signs you in on this device without an e-mailed link, with your fingerprint, face or screen
        lock.
      </p>
      {notice ? (
        <p
          role="status"
          className="mb-4 max-w-2xl rounded-md border border-amber bg-paper p-3 text-slate-900"
        >
          {notice}
        </p>
      ) : null}
      {passkeys.length === 0 ? (
        <p className="mb-4 text-slate-700">You have no passkeys yet.</p>
      ) : (
        <ul className="mb-6 flex flex-col gap-3">
          {passkeys.map((passkey) => (
            <li
              key={passkey.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-300 p-3"
            >
              <div className="min-w-0">
                <p className="font-semibold break-words text-navy">{passkey.name}</p>
                <p className="text-sm text-slate-700">
                  Added {when(passkey.createdAt, timeZone)}, last used{" "}
                  {passkey.lastUsedAt ? when(passkey.lastUsedAt, timeZone) : "never"}
                </p>
              </div>
              <form method="post" action="/desk/passkeys">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="id" value={passkey.id} />
                <button type="submit" className={deskButton}>
                  Remove<span className="sr-only"> passkey {passkey.name}</span>
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      {options ? (
        <PasskeyAdd options={options} />
      ) : (
        <p className="text-slate-700">{PASSKEY_NOTICES.unavailable}</p>
      )}
    </section>
  );
}
