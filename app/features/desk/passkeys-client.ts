import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
} from "@simplewebauthn/browser";

/*
 * The desk's one script (docs/desk.md#passkeys, decision 0074), loaded only by the sign-in page and the
 * sessions page. It runs the passkey ceremony and posts its answer with the page's own form, so the
 * server's checks (origin, session, limits) are the same as without it. Without this script, or in a
 * browser without WebAuthn, the passkey forms stay hidden and the e-mailed link is the way in.
 */

function optionsOf<T>(form: HTMLFormElement): T | null {
  try {
    return JSON.parse(form.dataset.options ?? "") as T;
  } catch {
    return null;
  }
}

/** Puts the answer in the form's hidden field and posts the form (form.submit() fires no submit event). */
function post(form: HTMLFormElement, answer: unknown): void {
  const field = form.elements.namedItem("response");
  if (field instanceof HTMLInputElement) field.value = JSON.stringify(answer);
  form.submit();
}

function say(form: HTMLFormElement, text: string): void {
  const status = form.querySelector("[data-passkey-status]");
  if (status) status.textContent = text;
}

/** A ceremony the person cancelled or the browser stopped: told, and nothing posted. */
function stopped(form: HTMLFormElement, error: unknown, text: string): void {
  if (error instanceof Error && error.name === "AbortError") return;
  say(form, text);
}

function startSignIn(form: HTMLFormElement): void {
  const optionsJSON = optionsOf<Parameters<typeof startAuthentication>[0]["optionsJSON"]>(form);
  if (!optionsJSON) return;
  form.hidden = false;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    say(form, "");
    startAuthentication({ optionsJSON }).then(
      (answer) => post(form, answer),
      (error: unknown) =>
        stopped(form, error, "No passkey was used. Try again, or e-mail yourself a sign-in link."),
    );
  });
  // Where the browser offers passkeys among the address field's suggestions, they are offered there too,
  // from the moment the field is first focused (decision 0074).
  const field = document.querySelector<HTMLInputElement>('input[autocomplete$="webauthn"]');
  field?.addEventListener("focus", () => offerInSuggestions(form, optionsJSON), { once: true });
}

function offerInSuggestions(
  form: HTMLFormElement,
  optionsJSON: Parameters<typeof startAuthentication>[0]["optionsJSON"],
): void {
  browserSupportsWebAuthnAutofill().then(
    (autofill) => {
      if (!autofill) return;
      startAuthentication({ optionsJSON, useBrowserAutofill: true }).then(
        (answer) => post(form, answer),
        () => undefined,
      );
    },
    () => undefined,
  );
}

function startAdding(form: HTMLFormElement): void {
  const optionsJSON = optionsOf<Parameters<typeof startRegistration>[0]["optionsJSON"]>(form);
  if (!optionsJSON) return;
  form.hidden = false;
  for (const note of document.querySelectorAll<HTMLElement>("[data-passkey-needs-script]"))
    note.hidden = true;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!form.reportValidity()) return;
    say(form, "");
    startRegistration({ optionsJSON }).then(
      (answer) => post(form, answer),
      (error: unknown) => stopped(form, error, "No passkey was added. Try again."),
    );
  });
}

if (browserSupportsWebAuthn()) {
  const signIn = document.querySelector<HTMLFormElement>("form[data-passkey-sign-in]");
  if (signIn) startSignIn(signIn);
  const add = document.querySelector<HTMLFormElement>("form[data-passkey-add]");
  if (add) startAdding(add);
}
