import { deskButton, deskInput, deskLabel } from "./desk-frame";
import { PasskeySignIn } from "./passkey-forms";

/** The sign-in page's words: the same for every address, known or not. */
export const SIGN_IN_TEXT = {
  heading: "Sign in to the sales desk",
  intro: "For Ridgeline staff. Enter your work e-mail address and we will e-mail you a sign-in link.",
  button: "E-mail me a sign-in link",
  sentHeading: "Check your e-mail",
  sent: "If this address belongs to a member of staff, a sign-in link is on its way to it. The link works once, for 15 minutes, in this browser.",
} as const;

/** Asks for a sign-in link (the answer page says the same whatever the address), or offers a passkey. */
export function SignInForm({ notice }: { notice?: string }) {
  return (
    <section className="max-w-lg" aria-labelledby="sign-in-heading">
      <h1 id="sign-in-heading" className="mb-3 text-2xl font-extrabold text-navy">
        {SIGN_IN_TEXT.heading}
      </h1>
      {notice ? (
        <p role="status" className="mb-4 rounded-md border border-amber bg-paper p-3 text-slate-900">
          {notice}
        </p>
      ) : null}
      <p className="mb-4 text-slate-700">{SIGN_IN_TEXT.intro}</p>
      <form method="post" action="/desk/link" className="flex flex-col gap-4">
        <div>
          <label htmlFor="desk-email" className={deskLabel}>
            Work e-mail
          </label>
          <input
            id="desk-email"
            name="email"
            type="email"
            required
            maxLength={254}
            // "webauthn": where the browser can, it offers the desk's passkeys among this field's suggestions.
            autoComplete="email webauthn"
            className={deskInput}
          />
        </div>
        <div>
          <button type="submit" className={deskButton}>
            {SIGN_IN_TEXT.button}
          </button>
        </div>
      </form>
      <PasskeySignIn />
    </section>
  );
}
