/*
 * Form posts, from the socket to a form service: the JSON endpoints /api/contact and /api/newsletter
 * (answered by the pipeline, before React Router; see formEndpoint), and the page actions that take
 * the same forms without JavaScript. Both read the body once with parseFormBody and hand the fields to the
 * same service with the server's services object, unchanged.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { type LeadPostOrigin, refererPath } from "~/features/leads/attribution/attribution";
import type { FormInput, FormResult, FormText } from "~/features/leads/form-input";
import type { RequestContext, SiteServices } from "~/load-context";
import { readBody } from "~/server/http/react-router-handler.server";

/** A form post's fields as sent, text only, each once. */
export type FormFields = Record<string, string>;
type Fields = FormFields;
export type BodyResult = { ok: true; fields: Fields } | { ok: false; status: 400 | 415; text: FormText };

/** A form post's outcome, with the fields it was read from (none when the body could not be read). */
export interface FormSubmission {
  result: FormResult;
  fields: FormFields;
}

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
 * Reads a form body (form-encoded, multipart or JSON) into plain text fields. Anything that is not one
 * of the form's own fields is refused (docs/product.md#form-requests) rather than silently dropped.
 */
export async function parseFormBody(
  contentType: string | null | undefined,
  bytes: Uint8Array,
  allowed: readonly string[],
): Promise<BodyResult> {
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase();
  if (type === "application/json") {
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      return refuse(400, MALFORMED.title, "The request body is not valid JSON.");
    }
    if (!body || typeof body !== "object" || Array.isArray(body)) {
      return refuse(400, MALFORMED.title, "The request body must be a JSON object of form fields.");
    }
    return collect(Object.entries(body), allowed);
  }
  if (type === "application/x-www-form-urlencoded") {
    return collect(new URLSearchParams(new TextDecoder().decode(bytes)), allowed);
  }
  if (type === "multipart/form-data" && contentType) {
    try {
      // The platform's own multipart reader; the forms' bodies are small and already in memory.
      const form = await new Response(new Uint8Array(bytes), {
        headers: { "content-type": contentType },
      }).formData();
      return collect(form.entries(), allowed);
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

/** parseFormBody for a page action's Request. */
export async function readFormFields(request: Request, allowed: readonly string[]): Promise<BodyResult> {
  return parseFormBody(
    request.headers.get("content-type"),
    new Uint8Array(await request.arrayBuffer()),
    allowed,
  );
}

/**
 * A form service: validates the fields, stores what it must and says how it went. `origin` is what the
 * post itself says about where it was sent from (its Referer), for the lead's attribution. `S` is what
 * it uses of the site's services (tests pass just that).
 */
export type FormService<S = SiteServices> = (
  services: S,
  input: FormInput,
  clientKey: string,
  origin?: LeadPostOrigin,
) => Promise<FormResult>;

/** The post's Referer as a path of this site (the request's host or SITE_URL's), or nothing. */
export function postOrigin(
  referer: string | null | undefined,
  hosts: readonly (string | null | undefined)[],
  siteUrl: string,
): LeadPostOrigin {
  let siteHost: string | undefined;
  try {
    siteHost = new URL(siteUrl).host;
  } catch {
    siteHost = undefined;
  }
  return { refererPath: refererPath(referer, [...hosts, siteHost]) };
}

/**
 * Hands a read body's fields to the form's service. The fields come back with the result, so a page
 * action can fill the form again without reading the body a second time.
 */
export async function submitFields(
  body: BodyResult,
  service: FormService,
  services: SiteServices,
  clientKey: string,
  origin?: LeadPostOrigin,
): Promise<FormSubmission> {
  if (!body.ok) {
    return {
      result: { ok: false, status: body.status === 415 ? 400 : body.status, ...body.text },
      fields: {},
    };
  }
  return { result: await service(services, body.fields, clientKey, origin), fields: body.fields };
}

/** postOrigin of a page action's Request. */
export function requestPostOrigin(request: Request, siteUrl: string): LeadPostOrigin {
  return postOrigin(
    request.headers.get("referer"),
    [request.headers.get("host"), new URL(request.url).host],
    siteUrl,
  );
}

/** The contact form or the newsletter sign-up posted to a page, without JavaScript. */
export async function handleFormPost(
  request: Request,
  context: Pick<RequestContext, "services" | "clientKey">,
  { form, fields, service }: FormApi,
): Promise<FormSubmission> {
  const origin = requestPostOrigin(request, context.services.siteUrl);
  const submission = await submitFields(
    await readFormFields(request, fields),
    service,
    context.services,
    context.clientKey,
    origin,
  );
  context.services.counting?.formOutcome(form, submission.result);
  return submission;
}

/** Headers that go with a form result: Retry-After on a 429, never cached. */
export function formResultHeaders(result: FormResult): Record<string, string> {
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (result.status === 429 && result.retryAfterSeconds)
    headers["Retry-After"] = String(result.retryAfterSeconds);
  return headers;
}

/**
 * The JSON answer of the /api form endpoints: `{ ok, title, message }` with the result's status, plus
 * `reference` on success and `fieldErrors` (field name to message) when fields were refused.
 */
export function formJsonBody(result: FormResult): string {
  const { ok, title, message, reference, fieldErrors } = result;
  return JSON.stringify({
    ok,
    title,
    message,
    ...(reference ? { reference } : {}),
    ...(fieldErrors ? { fieldErrors } : {}),
  });
}

/** The answer to a GET on a POST-only endpoint. */
export const POST_ONLY = (what: string) => ({
  ok: false,
  title: "Method Not Allowed",
  message: `Send the ${what} with POST.`,
});

export function postOnlyResponse(what: string): Response {
  return Response.json(POST_ONLY(what), { status: 405, headers: { Allow: "POST" } });
}

/** A form's JSON endpoint (see formEndpoint). */
export interface FormApi {
  /** Which form it is, as its outcomes are counted (docs/analytics.md). */
  form: "contact" | "newsletter";
  /** How the form is named in the answer to a GET. */
  what: string;
  fields: readonly string[];
  service: FormService;
}

export interface FormApiOptions {
  services: SiteServices;
  /** The client's key for the per-client limits (see clientKeyForIp). */
  clientKey: (req: IncomingMessage) => string;
  maxBodyBytes: number;
}

function answer(res: ServerResponse, status: number, body: string, headers: Record<string, string>): void {
  res.writeHead(status, {
    ...headers,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
  });
  res.end(body);
}

/**
 * The JSON endpoint a form posts to with JavaScript (/api/contact, /api/newsletter). Answered by the
 * pipeline, without React Router: a post is read, checked and stored straight from the socket, which
 * costs a fraction of building Web Request and Response objects for it
 * (docs/benchmarks.md#post-time). The pipeline has already refused cross-site posts and bodies without
 * a length, too large or of another type. The no-JavaScript posts go to the pages' actions, which call
 * the same services.
 */
export function formEndpoint(
  api: FormApi,
  options: FormApiOptions,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    if (req.method !== "POST") {
      answer(res, 405, req.method === "HEAD" ? "" : JSON.stringify(POST_ONLY(api.what)), { Allow: "POST" });
      return;
    }
    const bytes = await readBody(req, options.maxBodyBytes);
    const body = await parseFormBody(req.headers["content-type"], bytes, api.fields);
    const origin = postOrigin(req.headers.referer, [req.headers.host], options.services.siteUrl);
    const { result } = await submitFields(
      body,
      api.service,
      options.services,
      options.clientKey(req),
      origin,
    );
    options.services.counting?.formOutcome(api.form, result);
    answer(res, result.status, formJsonBody(result), formResultHeaders(result));
  };
}
