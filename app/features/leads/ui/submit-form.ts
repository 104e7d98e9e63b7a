import type { FieldErrors, FormResult, FormText } from "~/features/leads/form-input";

export type SubmitOutcome = Pick<FormResult, "ok" | "title" | "message" | "reference" | "fieldErrors"> & {
  status: number;
};

/**
 * Posts a form's fields to one of the /api form endpoints and reads its
 * `{ ok, title, message, reference?, fieldErrors? }`.
 * A network failure or an unreadable answer comes back as `failure`, never as a thrown error, so the
 * form can show its own failure notice instead of the error screen.
 */
export async function submitForm(
  url: string,
  fields: Record<string, string>,
  failure: FormText,
): Promise<SubmitOutcome> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams(fields),
    });
    const body = (await response.json()) as Partial<FormText> & {
      ok?: boolean;
      reference?: unknown;
      fieldErrors?: unknown;
    };
    if (typeof body.title !== "string" || typeof body.message !== "string") {
      throw new Error(`unexpected answer from ${url} (${response.status})`);
    }
    if (response.status >= 500) console.error(`${url} answered ${response.status}: ${body.title}`);
    return {
      ok: response.ok && body.ok === true,
      status: response.status,
      title: body.title,
      message: body.message,
      ...(typeof body.reference === "string" ? { reference: body.reference } : {}),
      ...(body.fieldErrors && typeof body.fieldErrors === "object"
        ? { fieldErrors: body.fieldErrors as FieldErrors }
        : {}),
    };
  } catch (error) {
    console.error(`Form submission to ${url} failed:`, error);
    return { ok: false, status: 0, ...failure };
  }
}
