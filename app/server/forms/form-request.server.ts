import type { AppLoadContext } from "react-router";
import type { FormResult, FormText } from "~/forms/common";
import { CONTACT_FIELDS } from "~/forms/contact";
import { NEWSLETTER_FIELDS } from "~/forms/newsletter";
import { submitContact } from "~/server/forms/contact.server";
import { type NewsletterDeps, subscribeNewsletter } from "~/server/forms/newsletter.server";

type Fields = Record<string, string>;
type BodyResult = { ok: true; fields: Fields } | { ok: false; status: 400 | 415; text: FormText };

const MALFORMED: FormText = {
  title: "Invalid Request",
  message: "The form data could not be read. Please reload the page and try again.",
};

function refuse(status: 400 | 415, title: string, message: string): BodyResult {
  return { ok: false, status, text: { title, message } };
}

function collect(entries: Iterable<[string, unknown]>, allowed: readonly string[]): BodyResult {
  const fields: Fields = {};
  for (const [name, value] of entries) {
    if (!allowed.includes(name)) {
      return refuse(400, "Unexpected Field", `"${name.slice(0, 40)}" is not a field of this form.`);
    }
    if (name in fields) return refuse(400, "Repeated Field", `"${name}" was sent more than once.`);
    if (value === null || value === undefined) continue;
    if (typeof value !== "string") {
      return refuse(400, "Invalid Field", `"${name}" must be text.`);
    }
    fields[name] = value;
  }
  return { ok: true, fields };
}

/**
 * Reads a form post (form-encoded, multipart or JSON) into plain text fields. Anything that is not
 * one of the form's own fields is refused (DECISIONS D12) rather than silently dropped.
 */
export async function readFormFields(request: Request, allowed: readonly string[]): Promise<BodyResult> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type === "application/json") {
    let body: unknown;
    try {
      body = JSON.parse(await request.text());
    } catch {
      return refuse(400, MALFORMED.title, "The request body is not valid JSON.");
    }
    if (!body || typeof body !== "object" || Array.isArray(body)) {
      return refuse(400, MALFORMED.title, "The request body must be a JSON object of form fields.");
    }
    return collect(Object.entries(body), allowed);
  }
  if (type === "application/x-www-form-urlencoded" || type === "multipart/form-data") {
    try {
      return collect((await request.formData()).entries(), allowed);
    } catch {
      return { ok: false, status: 400, text: MALFORMED };
    }
  }
  return refuse(
    415,
    "Unsupported Content Type",
    "Send the form as application/x-www-form-urlencoded or JSON.",
  );
}

async function handle(
  request: Request,
  allowed: readonly string[],
  submit: (fields: Fields) => Promise<FormResult>,
): Promise<FormResult> {
  const body = await readFormFields(request, allowed);
  if (!body.ok) return { ok: false, status: body.status === 415 ? 400 : body.status, ...body.text };
  return submit(body.fields);
}

export function handleContactRequest(request: Request, context: AppLoadContext): Promise<FormResult> {
  return handle(request, CONTACT_FIELDS, (fields) =>
    submitContact(
      {
        db: context.db,
        logger: context.logger,
        salesEmail: context.salesEmail,
        mailFrom: context.mailFrom,
        onMailQueued: context.wakeMailWorker,
      },
      fields,
      context.clientKey,
    ),
  );
}

/** What the newsletter needs from a request's context: the database and where its links point. */
export function newsletterDeps(context: AppLoadContext): NewsletterDeps {
  return {
    db: context.db,
    logger: context.logger,
    siteUrl: context.siteUrl,
    mailFrom: context.mailFrom,
    salesEmail: context.salesEmail,
    onMailQueued: context.wakeMailWorker,
  };
}

export function handleNewsletterRequest(request: Request, context: AppLoadContext): Promise<FormResult> {
  return handle(request, NEWSLETTER_FIELDS, (fields) =>
    subscribeNewsletter(newsletterDeps(context), fields, context.clientKey),
  );
}

/** Headers that go with a form result: Retry-After on a 429, never cached. */
export function formResultHeaders(result: FormResult): HeadersInit {
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (result.status === 429 && result.retryAfterSeconds)
    headers["Retry-After"] = String(result.retryAfterSeconds);
  return headers;
}

/** The JSON answer of the /api form endpoints: `{ ok, title, message }` with the result's status. */
export function formJsonResponse(result: FormResult): Response {
  const { ok, title, message, reference } = result;
  return Response.json(
    { ok, title, message, ...(reference ? { reference } : {}) },
    { status: result.status, headers: formResultHeaders(result) },
  );
}

/** The answer to a GET on a POST-only endpoint. */
export function postOnlyResponse(what: string): Response {
  return Response.json(
    { ok: false, title: "Method Not Allowed", message: `Send the ${what} with POST.` },
    { status: 405, headers: { Allow: "POST" } },
  );
}
