import { deskPasskeysModule } from "virtual:client-modules";
import { useRouteLoaderData } from "react-router";
import { deskButton, deskInput, deskLabel } from "./desk-frame";

/*
 * The passkey forms (docs/desk.md#passkeys): in the page's HTML but hidden, shown by the passkey script
 * (passkeys-client.ts) once it knows the browser can run the ceremony. The ceremony's options travel in
 * a data attribute; its answer goes back in the hidden `response` field of an ordinary post.
 */

const status = "mt-2 text-slate-900";

/** The desk layout's loader gives signed-out pages the sign-in options (null: passkeys are not offered). */
function useSignInOptions(): string | null {
  const layout = useRouteLoaderData("routes/desk") as { passkeyOptions?: string | null } | undefined;
  return layout?.passkeyOptions ?? null;
}

/** "Sign in with a passkey", beside the e-mailed link. */
export function PasskeySignIn() {
  const options = useSignInOptions();
  if (!options) return null;
  return (
    <>
      <form
        method="post"
        action="/desk/passkey"
        data-passkey-sign-in=""
        data-options={options}
        hidden
        className="mt-6"
      >
        <input type="hidden" name="response" value="" />
        <button type="submit" className={deskButton}>
          Sign in with a passkey
        </button>
        <p data-passkey-status="" role="status" className={status} />
      </form>
      <script type="module" src={deskPasskeysModule} />
    </>
  );
}

/** Adding a passkey: a name, then the browser's own dialog. */
export function PasskeyAdd({ options }: { options: string }) {
  return (
    <>
      <p data-passkey-needs-script="" className="mb-4 max-w-2xl text-slate-700">
        Adding a passkey needs a browser that supports passkeys, with JavaScript on.
      </p>
      <form
        method="post"
        action="/desk/passkeys"
        data-passkey-add=""
        data-options={options}
        hidden
        className="flex max-w-lg flex-col gap-4"
      >
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="response" value="" />
        <div>
          <label htmlFor="passkey-name" className={deskLabel}>
            Passkey name
          </label>
          <input
            id="passkey-name"
            name="name"
            type="text"
            required
            maxLength={60}
            autoComplete="off"
            className={deskInput}
          />
        </div>
        <div>
          <button type="submit" className={deskButton}>
            Add a passkey
          </button>
          <p data-passkey-status="" role="status" className={status} />
        </div>
      </form>
      <script type="module" src={deskPasskeysModule} />
    </>
  );
}
