import { randomBytes } from "node:crypto";
import { type APIResponse, expect, test } from "@playwright/test";
import { uniqueClientAddress } from "./support";

/*
 * An answer that repeats what a visitor typed (a name, an address, a message, a search) must not be
 * kept by the browser's cache or a shared one (a proxy, a CDN): the next person on that machine or
 * behind that proxy could be shown it. Each such answer carries Cache-Control: no-store, with and
 * without JavaScript (docs/product.md#no-javascript). Checked over HTTP against the production build.
 */

const marker = () => `Typed${randomBytes(4).toString("hex")}`;
const client = () => ({ "x-forwarded-for": uniqueClientAddress() });
const form = (fields: Record<string, string>) => ({
  headers: { ...client(), "content-type": "application/x-www-form-urlencoded" },
  data: new URLSearchParams(fields).toString(),
});

async function expectNoStoreEcho(response: APIResponse, typed: string, status: number): Promise<void> {
  expect(response.status(), response.url()).toBe(status);
  expect(await response.text(), `${response.url()} shows what was typed`).toContain(typed);
  expect(response.headers()["cache-control"], response.url()).toBe("no-store");
}

test("the contact page's answers without JavaScript keep what was typed out of caches", async ({
  request,
}) => {
  // Refused (no e-mail): the page comes back with the name and the message filled in.
  const name = marker();
  const message = marker();
  const refused = await request.post("/contact", form({ name, email: "", phone: "", message, website: "" }));
  await expectNoStoreEcho(refused, name, 400);
  expect(await refused.text()).toContain(message);

  // Stored: the thank-you page names the reference; still nothing for a cache.
  const stored = await request.post(
    "/contact",
    form({ name: marker(), email: "buyer@example.com", phone: "", message: marker(), website: "" }),
  );
  expect(stored.status()).toBe(200);
  expect(stored.headers()["cache-control"]).toBe("no-store");
});

test("the per-client limit's answer without JavaScript keeps its Retry-After", async ({ request }) => {
  const headers = { ...client(), "content-type": "application/x-www-form-urlencoded" };
  const fields = { name: "Pat", email: "pat@example.com", phone: "", message: "Limit probe", website: "" };
  let last: APIResponse | undefined;
  // Five messages per client per 10 minutes: the 6th is the limit's.
  for (let i = 0; i < 6; i += 1)
    last = await request.post("/contact", { headers, data: new URLSearchParams(fields).toString() });
  expect(last?.status()).toBe(429);
  expect(Number(last?.headers()["retry-after"])).toBeGreaterThan(0);
  expect(last?.headers()["cache-control"]).toBe("no-store");
});

test("the newsletter's answers keep the typed address out of caches", async ({ request }) => {
  // /resources without JavaScript: a refused address comes back in the field.
  const typed = `${marker().toLowerCase()}@`;
  await expectNoStoreEcho(await request.post("/resources", form({ email: typed })), typed, 400);
  // Accepted: the page says so (the address itself is cleared).
  const accepted = await request.post("/resources", form({ email: `${marker().toLowerCase()}@example.com` }));
  expect(accepted.status()).toBe(200);
  expect(accepted.headers()["cache-control"]).toBe("no-store");
  // "E-mail me an unsubscribe link": a refused address comes back too.
  const unsubscribeTyped = `${marker().toLowerCase()}@`;
  await expectNoStoreEcho(
    await request.post("/newsletter/unsubscribe", form({ email: unsubscribeTyped })),
    unsubscribeTyped,
    400,
  );
  // The JSON endpoint the form uses with JavaScript.
  const json = await request.post("/api/newsletter", {
    headers: client(),
    data: { email: "not-an-address" },
  });
  expect(json.status()).toBe(400);
  expect(json.headers()["cache-control"]).toBe("no-store");
});

test("the contact endpoint, the quote page and the searches keep what was typed out of caches", async ({
  request,
}) => {
  const json = await request.post("/api/contact", {
    headers: client(),
    data: { name: marker(), email: "", phone: "", message: marker() },
  });
  expect(json.status()).toBe(400);
  expect(json.headers()["cache-control"]).toBe("no-store");

  // The quote form without JavaScript: 'Add rows' sends it back with everything typed.
  const company = marker();
  const rows = await request.post("/quote", {
    headers: client(),
    multipart: { intent: "add-rows", company, name: "", email: "" },
  });
  await expectNoStoreEcho(rows, company, 200);

  // A search, on its page and in the filtered resources lists, both rendered on request.
  const query = marker();
  await expectNoStoreEcho(await request.get(`/search?q=${query}`, { headers: client() }), query, 200);
  await expectNoStoreEcho(await request.get(`/resources?q=${query}`), query, 200);
  // The unfiltered page is the prerendered file, cached as every page is (revalidated).
  expect((await request.get("/resources")).headers()["cache-control"]).toBe(
    "public, max-age=0, must-revalidate",
  );
});
