import { expect, type Page, test } from "@playwright/test";
import {
  linkIn,
  mailFor,
  oneClickChunked,
  rawHeader,
  type Setup,
  start,
  uniqueEmail,
  welcomed,
} from "./newsletter-support";
import { bodyText, describeOutcome, rawRequest } from "./raw-http";
import { expectNoAxeViolations, postForm, uniqueClientAddress, waitForHydration } from "./support";

/*
 * The newsletter's double opt-in and one-click unsubscribe against a production build, with a real
 * SMTP peer receiving the e-mails (docs/newsletter.md). Each server gets SITE_URL = its own origin, so
 * the links in the e-mails point at it.
 */

const HINT = "Please confirm your subscription with the link we just sent to your inbox.";
/** How long a link scanner is given to run the confirmation page (the finding: it confirmed in about 2 s). */
const SCANNER_WAIT_MS = 5_000;

for (const [offset, database] of [
  [0, "sqlite"],
  [1, "postgres"],
] as const) {
  test(`life cycle on ${database}: signup, scanner GET, one-press confirm, 409, one-click unsubscribe, signup again`, async () => {
    test.setTimeout(90_000);
    const { server, peer, cleanup } = await start(offset, database);
    try {
      const { origin } = server;
      const email = uniqueEmail("cycle");
      const signup = () =>
        fetch(`${origin}/api/newsletter`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": uniqueClientAddress() },
          body: JSON.stringify({ email }),
        });

      const first = await signup();
      expect(first.status).toBe(200);
      expect(await first.json()).toMatchObject({ ok: true, title: "Successfully Subscribed!" });
      const confirmation = await mailFor(peer, email, /^Confirm/);
      expect(rawHeader(confirmation, "List-Unsubscribe")).toBe("");
      const confirmLink = linkIn(confirmation, origin, "/newsletter/confirm");

      // A mail scanner fetches the link: a page, and nothing confirmed.
      const scanned = await fetch(confirmLink);
      expect(scanned.status).toBe(200);
      expect(await scanned.text()).toContain("Confirm subscription");
      expect((await signup()).status).toBe(200);

      // The one press (what the page's button posts).
      const token = new URL(confirmLink).searchParams.get("token") ?? "";
      const confirmed = await fetch(confirmLink, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin },
        body: new URLSearchParams({ token }),
      });
      expect(confirmed.status).toBe(200);
      expect(await confirmed.text()).toContain("Subscription confirmed");
      const again = await signup();
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ title: "Already Subscribed" });

      // The reused link: a clear page, a 4xx, a way back.
      const reused = await postForm(confirmLink, { token });
      expect(reused.status).toBe(410);
      expect(await reused.text()).toContain("already been used");

      const welcome = await mailFor(peer, email, /^Welcome/);
      expect(rawHeader(welcome, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      const listUnsubscribe = /^<([^>]+)>, <mailto:sales@ridgeline\.test\?subject=unsubscribe>$/.exec(
        rawHeader(welcome, "List-Unsubscribe"),
      );
      expect(listUnsubscribe).not.toBeNull();
      const unsubscribeUrl = listUnsubscribe?.[1] ?? "";
      expect(unsubscribeUrl.startsWith(`${origin}/newsletter/unsubscribe?token=`)).toBe(true);
      expect(welcome.text).toContain("2150 Ridgeline Parkway, Atlanta, GA 30336");
      expect(welcome.text).toContain(`Unsubscribe: ${unsubscribeUrl}`);

      // A GET shows one button (and changes nothing: the one-click POST below is what unsubscribes).
      const page = await fetch(unsubscribeUrl);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Press the button to stop receiving the newsletter");

      // What a mail provider posts, from its own servers: no Origin, form-encoded, and here chunked, with
      // no Content-Length (RFC 8058 allows it, and some providers send it so).
      const port = Number(new URL(origin).port);
      const target = unsubscribeUrl.slice(origin.length);
      const chunked = await rawRequest(
        port,
        oneClickChunked(port, target, ["List-Unsubscribe=", "One-Click"]),
      );
      expect(chunked.ok && chunked.status, describeOutcome(chunked)).toBe(200);
      expect(chunked.ok && bodyText(chunked)).toContain("You are unsubscribed");
      // The same with a length: still 200 (a link may be used again).
      const oneClick = await postForm(unsubscribeUrl, "List-Unsubscribe=One-Click");
      expect(oneClick.status).toBe(200);
      const resigned = await signup();
      expect(resigned.status).toBe(200);
      await mailFor(peer, email, /^Confirm/, 2);

      // Hostile bodies and tokens: a 4xx, never a 500.
      const bad = [
        fetch(`${origin}/newsletter/confirm?token=x`, { method: "GET" }),
        postForm(`${origin}/newsletter/confirm`, "token=%00%ff&token=2"),
        postForm(`${origin}/newsletter/confirm`, `token=${"A".repeat(43)}`),
        postForm(`${unsubscribeUrl.slice(0, -1)}`, "List-Unsubscribe=One-Click"),
        postForm(unsubscribeUrl, "List-Unsubscribe=Two-Clicks&extra=1"),
        postForm(`${origin}/newsletter/unsubscribe`, "email=%3Cscript%3E"),
      ];
      for (const response of await Promise.all(bad)) {
        expect(response.status, response.url).toBeGreaterThanOrEqual(400);
        expect(response.status, response.url).toBeLessThan(500);
      }
      // A chunked body is taken on the unsubscribe link only, and only a small one; every other post
      // without a length is refused as before.
      const chunkedStatus = async (path: string, pieces: string[]) => {
        const outcome = await rawRequest(port, oneClickChunked(port, path, pieces));
        return outcome.ok ? outcome.status : describeOutcome(outcome);
      };
      expect(await chunkedStatus(target, ["List-Unsubscribe=One-Click&x=", "y".repeat(2_000)])).toBe(413);
      expect(await chunkedStatus(`/newsletter/confirm?token=${"A".repeat(43)}`, ["token=x"])).toBe(411);
      expect(await chunkedStatus("/resources", ["email=a%40b.co"])).toBe(411);
      expect(await chunkedStatus("/contact", ["name=a"])).toBe(411);
      expect(server.logs().some((line) => JSON.stringify(line).includes(email))).toBe(false);
    } finally {
      await cleanup();
    }
  });
}

test.describe("newsletter pages in a real browser", () => {
  // One server for the group, on one port: the tests share a worker.
  test.describe.configure({ mode: "serial", timeout: 90_000 });
  let setup: Setup;
  test.beforeAll(async () => {
    test.setTimeout(60_000);
    setup = await start(2, "sqlite");
  });
  test.afterAll(async () => {
    await setup?.cleanup();
  });

  async function signUpInBrowser(page: Page, email: string): Promise<void> {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientAddress() });
    await page.goto(`${setup.server.origin}/resources`);
    await waitForHydration(page);
    await page.getByRole("textbox", { name: "Email address" }).fill(email);
    await page.getByRole("button", { name: "Subscribe", exact: true }).click();
    const toast = page.locator("[data-sonner-toast][data-visible='true']");
    await expect(toast.locator("[data-title]")).toHaveText("Successfully Subscribed!");
    await expect(toast.locator("[data-description]")).toContainText(HINT);
  }

  /**
   * What a mail gateway's link scanner does: open the link in a headless browser that runs the page's
   * scripts, and wait. The address must stay pending: no POST, no welcome e-mail, and a new signup of the
   * address is still accepted (a confirmed one would be 'Already Subscribed').
   */
  async function expectStillPending(page: Page, email: string): Promise<void> {
    await page.waitForTimeout(SCANNER_WAIT_MS);
    await expect(page.getByRole("heading", { level: 1, name: "Confirm your subscription" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirm subscription" })).toBeEnabled();
    expect(welcomed(setup.peer, email)).toBe(false);
    const again = await page.request.post(`${setup.server.origin}/api/newsletter`, {
      data: { email },
      headers: { "x-forwarded-for": uniqueClientAddress() },
    });
    expect(again.status(), "a new signup of a pending address is accepted").toBe(200);
  }

  test("with JavaScript: opening the link confirms nothing, even seconds later; one press confirms, then the unsubscribe button works", async ({
    page,
  }) => {
    const email = uniqueEmail("browser");
    await signUpInBrowser(page, email);
    const link = linkIn(
      await mailFor(setup.peer, email, /^Confirm/),
      setup.server.origin,
      "/newsletter/confirm",
    );
    // The press confirms in place: one document load, no answer the console would report as an error
    // (the loader is not run again to find its token used), and nothing below the text moves.
    const documents: string[] = [];
    const posts: string[] = [];
    const failed: number[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.method());
      if (request.method() === "POST") posts.push(request.url());
    });
    page.on("response", (response) => {
      if (response.status() >= 400) failed.push(response.status());
    });
    await page.goto(link);
    await waitForHydration(page);
    await expectStillPending(page, email);
    expect(posts, "nothing is posted until the visitor presses").toEqual([]);

    const footer = page.locator("footer").first();
    const before = await footer.boundingBox();
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Subscription confirmed" })).toBeVisible();
    expect(await footer.boundingBox()).toEqual(before);
    expect(documents).toEqual(["GET"]);
    expect(posts).toHaveLength(1);
    expect(failed).toEqual([]);
    await expectNoAxeViolations(page);

    const welcome = await mailFor(setup.peer, email, /^Welcome/);
    const unsubscribe = linkIn(welcome, setup.server.origin, "/newsletter/unsubscribe");
    await page.goto(unsubscribe);
    await expect(
      page.getByRole("heading", { level: 1, name: "Unsubscribe from the newsletter" }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "You are unsubscribed" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("axe finds nothing on any newsletter page, in each of its states", async ({ page }) => {
    // Scripts blocked rather than JavaScript turned off: axe runs in the page, and the confirmation
    // page must stay on its button instead of pressing it.
    await page.route(/\.js(\?|$)/, (route) => route.abort());
    await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientAddress() });
    const email = uniqueEmail("axe");
    const signup = await page.request.post(`${setup.server.origin}/api/newsletter`, { data: { email } });
    expect(signup.status()).toBe(200);
    const link = linkIn(
      await mailFor(setup.peer, email, /^Confirm/),
      setup.server.origin,
      "/newsletter/confirm",
    );
    const visit = async (heading: string) => {
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expectNoAxeViolations(page);
    };
    await page.goto(link);
    await visit("Confirm your subscription");
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await visit("Subscription confirmed");
    await page.goto(link);
    await visit("This link has already been used");
    await page.goto(`${setup.server.origin}/newsletter/confirm?token=${"A".repeat(43)}`);
    await visit("This link does not work");
    const unsubscribe = linkIn(
      await mailFor(setup.peer, email, /^Welcome/),
      setup.server.origin,
      "/newsletter/unsubscribe",
    );
    await page.goto(unsubscribe);
    await visit("Unsubscribe from the newsletter");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await visit("You are unsubscribed");
    await page.goto(`${setup.server.origin}/newsletter/unsubscribe`);
    await visit("Unsubscribe from the newsletter");
    await page.getByRole("textbox", { name: "Email address" }).fill(email);
    await page.getByRole("button", { name: "Send unsubscribe link" }).click();
    await visit("Check your inbox");
    await page.goto(`${setup.server.origin}/newsletter/unsubscribe`);
    await page.getByRole("button", { name: "Send unsubscribe link" }).click();
    await expect(page.getByRole("alert")).toContainText("Please enter your email address");
    await expectNoAxeViolations(page);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the signup page asks to confirm; the link shows a button, confirms nothing by itself, and one press confirms", async ({
      page,
    }) => {
      const email = uniqueEmail("nojs");
      await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientAddress() });
      await page.goto(`${setup.server.origin}/resources`);
      await page.getByRole("textbox", { name: "Email address" }).fill(email);
      await page.getByRole("button", { name: "Subscribe", exact: true }).click();
      await expect(page.getByRole("status")).toContainText("Successfully Subscribed!");
      await expect(page.getByRole("status")).toContainText(HINT);

      const link = linkIn(
        await mailFor(setup.peer, email, /^Confirm/),
        setup.server.origin,
        "/newsletter/confirm",
      );
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(request.url());
      });
      await page.goto(link);
      await expectStillPending(page, email);
      expect(posts).toEqual([]);
      await page.getByRole("button", { name: "Confirm subscription" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Subscription confirmed" })).toBeVisible();
      expect(posts).toHaveLength(1);
      await mailFor(setup.peer, email, /^Welcome/);

      // The same link again: a clear page with a way to sign up again.
      await page.goto(link);
      await expect(
        page.getByRole("heading", { level: 1, name: "This link has already been used" }),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "Sign up for the newsletter" })).toHaveAttribute(
        "href",
        "/resources#newsletter",
      );
    });

    test("the unsubscribe page takes an address and answers the same whatever it is", async ({ page }) => {
      await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientAddress() });
      await page.goto(`${setup.server.origin}/newsletter/unsubscribe`);
      await page.getByRole("textbox", { name: "Email address" }).fill(uniqueEmail("stranger"));
      await page.getByRole("button", { name: "Send unsubscribe link" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Check your inbox" })).toBeVisible();

      await page.goto(`${setup.server.origin}/newsletter/confirm?token=${"A".repeat(43)}`);
      await expect(page.getByRole("heading", { level: 1, name: "This link does not work" })).toBeVisible();
    });
  });
});
