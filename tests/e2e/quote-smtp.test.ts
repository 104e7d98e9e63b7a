import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import net from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import type { AddressObject } from "mailparser";
import { pngOfSize } from "../support/files";
import { startSmtpPeer } from "../support/smtp-peer";
import { spawnServer } from "./spawned-server";
import { postForm } from "./support";

const basePort = Number(process.env.E2E_PORT ?? 3100) + 130;
const sha256 = (content: Buffer | Uint8Array) => createHash("sha256").update(content).digest("hex");
const smallPdf = Buffer.from(
  "%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n",
);

async function openForm(origin: string): Promise<{ html: string; token: string }> {
  const response = await fetch(`${origin}/quote`);
  expect(response.status).toBe(200);
  const html = await response.text();
  const token = /name="startedAt" value="([^"]+)"/.exec(html)?.[1] ?? "";
  expect(token).not.toBe("");
  return { html, token };
}

function quoteForm(
  token: string,
  file: { name: string; content: Buffer; type: string },
  extra: Record<string, string> = {},
): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    company: "Zephyr Composite Tooling",
    name: "Ines Okafor",
    email: "ines.okafor@example.com",
    "items[0].area": "labels",
    "items[0].description": "4x6 thermal transfer labels",
    "items[0].quantity": "24",
    "items[0].unit": "roll",
    "items[1].area": "die-cut-foams",
    "items[1].description": "Foam insert, 2 cavities",
    "items[1].quantity": "300",
    "items[1].unit": "each",
    website: "",
    startedAt: token,
    intent: "send",
    ...extra,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("files", new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
  return form;
}

test("must show: GET /quote is a multipart form; a POST with two items and a PDF reaches sales with the PDF and the buyer with the reference only", async () => {
  test.setTimeout(60_000);
  const peer = await startSmtpPeer();
  const server = await spawnServer(basePort, { SMTP_URL: peer.url, SALES_EMAIL: "quotes@ridgeline.test" });
  try {
    const { html, token } = await openForm(server.origin);
    // The second post's form, opened now, so the one wait for the minimum fill time serves both posts.
    const { token: second } = await openForm(server.origin);
    expect(html).toMatch(
      /<form[^>]*action="\/quote"[^>]*encType="multipart\/form-data"|<form[^>]*encType="multipart\/form-data"[^>]*action="\/quote"/i,
    );
    await new Promise((resolve) => setTimeout(resolve, 3100));

    const response = await fetch(`${server.origin}/quote`, {
      method: "POST",
      body: quoteForm(token, { name: "spec sheet.pdf", content: smallPdf, type: "application/pdf" }),
    });
    expect(response.status).toBe(200);
    const page = await response.text();
    const reference = /Your reference: <strong[^>]*>(Q-[A-Z0-9]{6})</.exec(page)?.[1] ?? "";
    expect(reference).toMatch(/^Q-[2-9A-HJKMNP-TW-Z]{6}$/);

    await expect.poll(() => peer.messages.length, { timeout: 15_000 }).toBe(2);
    const sales = peer.messages.find(
      (mail) => (mail.to && "text" in mail.to ? mail.to.text : "") === "quotes@ridgeline.test",
    );
    expect(sales?.subject).toContain(reference);
    expect(sales?.replyTo?.value[0]?.address).toBe("ines.okafor@example.com");
    expect(sales?.attachments.map((file) => file.filename)).toEqual(["spec sheet.pdf"]);
    expect(sha256(sales?.attachments[0]?.content ?? Buffer.alloc(0))).toBe(sha256(smallPdf));
    expect(sales?.html || "").toContain("Foam insert, 2 cavities");

    const ack = peer.messages.find((mail) => mail !== sales);
    expect(ack?.to && "text" in ack.to ? ack.to.text : "").toBe("ines.okafor@example.com");
    expect(`${ack?.subject}\n${ack?.text}`).toContain(reference);
    expect(`${ack?.subject}\n${ack?.text}\n${ack?.html}`).not.toContain("Zephyr");
    expect(`${ack?.text}\n${ack?.html}`).not.toContain("Ines");

    // An HTML page named .pdf is refused, and nothing more is sent.
    const refused = await fetch(`${server.origin}/api/quote`, {
      method: "POST",
      body: quoteForm(second, {
        name: "invoice.pdf",
        content: Buffer.from("<html><body><script>alert(1)</script></body></html>"),
        type: "application/pdf",
      }),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toContain(
      '"invoice.pdf" was not accepted',
    );

    // Only the quote routes take large bodies: the contact form keeps its 32 KB limit.
    const big = await postForm(`${server.origin}/contact`, `message=${"x".repeat(40 * 1024)}`);
    expect(big.status).toBe(413);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(peer.messages).toHaveLength(2);
  } finally {
    await server.stop();
    await peer.stop();
  }
});

test("a quote shipping to 30301 reaches the Atlanta branch with sales in Cc, urgent when needed in 3 days, and the buyer's reply goes to Atlanta", async () => {
  test.setTimeout(60_000);
  const peer = await startSmtpPeer();
  const server = await spawnServer(basePort + 2, {
    SMTP_URL: peer.url,
    SALES_EMAIL: "quotes@ridgeline.test",
    BRANCH_EMAIL_ATLANTA: "atlanta-desk@ridgeline.test",
    SITE_TIME_ZONE: "America/New_York",
  });
  try {
    const { token } = await openForm(server.origin);
    await new Promise((resolve) => setTimeout(resolve, 3100));
    // Three days after today in New York, the company's time zone.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
    const neededBy = new Date(Date.parse(`${today}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
    const response = await fetch(`${server.origin}/api/quote`, {
      method: "POST",
      body: quoteForm(
        token,
        { name: "spec sheet.pdf", content: smallPdf, type: "application/pdf" },
        { postalCode: "30301", neededBy, company: "Lakeside Foods Plant 3" },
      ),
    });
    expect(response.status).toBe(200);
    const { reference } = (await response.json()) as { reference: string };

    await expect.poll(() => peer.messages.length, { timeout: 15_000 }).toBe(2);
    const sales = peer.messages.find((mail) => mail.subject?.startsWith(`[${reference}]`));
    const addresses = (field: AddressObject | AddressObject[] | undefined) =>
      (Array.isArray(field) ? field : field ? [field] : []).flatMap((one) => one.value.map((v) => v.address));
    expect(addresses(sales?.to)).toEqual(["atlanta-desk@ridgeline.test"]);
    expect(addresses(sales?.cc)).toEqual(["quotes@ridgeline.test"]);
    expect(sales?.subject).toMatch(/urgent/i);
    expect(sales?.subject).toContain("Atlanta: ship-to 30301, Georgia");
    expect(sales?.subject).toContain("(3 days) · Lakeside Foods Plant 3");
    expect(sales?.text?.split("\n")[0]).toMatch(
      /^URGENT · Atlanta: ship-to 30301, Georgia · Labels, Foam · /,
    );

    const ack = peer.messages.find((mail) => mail !== sales);
    expect(addresses(ack?.replyTo)).toEqual(["atlanta-desk@ridgeline.test"]);
    expect(ack?.text).toContain("our Atlanta branch");
    expect(ack?.text).toContain("Reply with the files attached.");
  } finally {
    await server.stop();
    await peer.stop();
  }
});

test("the server does not start on a bad SITE_TIME_ZONE or a BRANCH_EMAIL_ variable that names no branch, and says which", () => {
  const startWith = (env: Record<string, string>) =>
    spawnSync(process.execPath, [path.join(process.env.BUILD_DIR || "build", "server.js")], {
      env: { ...process.env, PORT: String(basePort + 3), NODE_ENV: "production", ...env },
      encoding: "utf8",
      timeout: 20_000,
    });
  const run = startWith({ BRANCH_EMAIL_ATLNTA: "atlanta@example.com", SITE_TIME_ZONE: "Eastern" });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain("SITE_TIME_ZONE: must be an IANA time zone name");
  const fixed = startWith({ BRANCH_EMAIL_ATLNTA: "a@example.com" });
  expect(fixed.status).toBe(1);
  expect(fixed.stderr).toContain(
    "BRANCH_EMAIL_ATLNTA: names no branch of content/routing.yaml (its branches: atlanta, chicago, dallas, reno)",
  );
});

test("a quote upload cut off or too slow stores nothing, answers 408 when slow, and the server keeps serving", async () => {
  test.setTimeout(60_000);
  const server = await spawnServer(basePort + 1, { QUOTE_UPLOAD_TIMEOUT_MS: "1500" });
  try {
    const { token } = await openForm(server.origin);
    // A token too young keeps every file out at once (400); this one is old enough to upload.
    await new Promise((resolve) => setTimeout(resolve, 3100));
    const boundary = "----cutOffBoundary";
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="startedAt"\r\n\r\n${token}\r\n--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
      ),
      Buffer.alloc(300_000, 0x41),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const head = `POST /quote HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`;
    const send = async (parts: Buffer[], pauseMs: number, cut: boolean) => {
      const port = Number(new URL(server.origin).port);
      const socket = net.connect(port, "127.0.0.1");
      await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
      let answer = "";
      socket.on("data", (chunk) => {
        answer += chunk.toString();
      });
      socket.on("error", () => undefined);
      const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
      socket.write(head);
      for (const part of parts) {
        // Once answered, it sends no more: bytes written after the server closed would draw a reset,
        // which can discard the answer before it is read.
        if (socket.destroyed || answer !== "") break;
        socket.write(part);
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
      if (cut) socket.destroy();
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 8000))]);
      socket.destroy();
      return answer;
    };
    expect(await send([body.subarray(0, 150_000)], 100, true)).toBe("");
    // The cut upload held this client's one upload slot until the server saw its connection close; a
    // post sent at the same moment would be refused 429 'Upload in Progress' instead of timing out.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const slices = Array.from({ length: 30 }, (_, i) => body.subarray(i * 2000, (i + 1) * 2000));
    const slow = await send(slices, 150, false);
    expect(slow.startsWith("HTTP/1.1 408")).toBe(true);
    expect(slow).toContain("Upload Timed Out");
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    expect(server.logs().some((line) => line.msg === "quote request stored and notification queued")).toBe(
      false,
    );
    expect(
      server.logs().some((line) => (line.res as { statusCode?: number } | undefined)?.statusCode === 500),
    ).toBe(false);
  } finally {
    await server.stop();
  }
});

/** Ports of their own (E2E_PORT + 350 and up), so these tests never meet another suite's server. */
const labelPort = Number(process.env.E2E_PORT ?? 3100) + 350;

for (const javaScriptEnabled of [true, false]) {
  test(`two label items with different details, sent from a browser ${javaScriptEnabled ? "with" : "without"} JavaScript, reach sales with each item's details under it`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const peer = await startSmtpPeer();
    const server = await spawnServer(labelPort + (javaScriptEnabled ? 0 : 1), {
      SMTP_URL: peer.url,
      SALES_EMAIL: "quotes@ridgeline.test",
    });
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 375, height: 800 } });
    try {
      const page = await context.newPage();
      const row = (n: number) => page.getByRole("group", { name: `Item ${n}`, exact: true });
      await page.goto(`${server.origin}/quote?area=labels`);
      await page.getByLabel("Company").fill("Zephyr Composite Tooling");
      await page.getByRole("textbox", { name: "Name", exact: true }).fill("Ines Okafor");
      await page.getByLabel("Email").fill("ines.okafor@example.com");
      await row(1).getByLabel("Item number or description").fill("4x6 thermal transfer labels");
      await row(1).getByLabel("Quantity").fill("24");
      await row(1).getByText("Label details (optional)").click();
      const first = { Width: "4", Height: "6", "Printer make and model": "Zebra ZT411" };
      for (const [label, value] of Object.entries(first)) await row(1).getByLabel(label).fill(value);
      // Without JavaScript 'Add item' posts the form back with more rows, everything typed kept: the
      // first item's details come back with it, folded.
      await page.getByRole("button", { name: "Add item" }).click();
      // The page sent back carries a new start time: the minimum fill time counts from it.
      const openedAt = Date.now();
      await row(2).getByLabel("Item number or description").fill("2x1 freezer labels");
      await row(2).getByLabel("Quantity").fill("12");
      await expect(row(2).getByLabel("Product area")).toHaveValue("labels");
      if (!javaScriptEnabled) await row(1).getByText("Label details (optional)").click();
      await expect(row(1).getByLabel("Printer make and model")).toHaveValue("Zebra ZT411");
      await row(2).getByText("Label details (optional)").click();
      const second = { Width: "50", Height: "25", "Core size": "76 mm" };
      for (const [label, value] of Object.entries(second)) await row(2).getByLabel(label).fill(value);
      await row(2).getByLabel("Size unit").selectOption("mm");
      await row(2)
        .getByLabel(/^Adhesive/)
        .fill("Freezer grade");
      const left = openedAt + 3100 - Date.now();
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
      await page.getByRole("button", { name: "Send Quote Request" }).click();
      await expect(page.getByRole("heading", { name: "Quote Request Sent!" })).toBeVisible();

      await expect.poll(() => peer.messages.length, { timeout: 15_000 }).toBe(2);
      const sales = peer.messages.find(
        (mail) => (mail.to && "text" in mail.to ? mail.to.text : "") === "quotes@ridgeline.test",
      );
      const lines = (sales?.text ?? "").split("\n");
      const under = (item: string) => lines[lines.findIndex((line) => line.includes(item)) + 1];
      expect(under("1. 4x6 thermal transfer labels")).toBe(
        "   Label details: Label width: 4; Label height: 6; Size unit: in; Printer make and model: Zebra ZT411",
      );
      expect(under("2. 2x1 freezer labels")).toBe(
        "   Label details: Label width: 50; Label height: 25; Size unit: mm; Adhesive: Freezer grade; Core size: 76 mm",
      );
      const html = sales?.html || "";
      expect(html).toContain("Label details for item 1<br><strong>Label width:</strong> 4<br>");
      expect(html).toContain("Label details for item 2<br><strong>Label width:</strong> 50<br>");
      expect(html.indexOf("2x1 freezer labels")).toBeLessThan(html.indexOf("Label details for item 2"));
      expect(html.indexOf("Label details for item 1")).toBeLessThan(html.indexOf("2x1 freezer labels"));
    } finally {
      await context.close();
      await server.stop();
      await peer.stop();
    }
  });
}

test("must show: a 21 MB quote's sales e-mail is under 12 MB and carries working links to every file instead of attachments", async () => {
  test.setTimeout(90_000);
  const peer = await startSmtpPeer();
  const server = await spawnServer(basePort + 4, {
    SMTP_URL: peer.url,
    SALES_EMAIL: "quotes@ridgeline.test",
  });
  try {
    const MB = 1024 * 1024;
    const files = [
      {
        name: "assembly drawing.pdf",
        content: Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(8 * MB - 9)]),
      },
      { name: "cut sheet.pdf", content: Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(8 * MB - 9)]) },
      { name: "artwork.png", content: pngOfSize(5 * MB) },
    ];
    const { token } = await openForm(server.origin);
    await new Promise((resolve) => setTimeout(resolve, 3100));
    const form = quoteForm(token, { ...(files[0] as (typeof files)[0]), type: "application/pdf" });
    for (const file of files.slice(1))
      form.append("files", new Blob([new Uint8Array(file.content)]), file.name);
    const response = await fetch(`${server.origin}/quote`, { method: "POST", body: form });
    expect(response.status).toBe(200);

    await expect.poll(() => peer.messages.length, { timeout: 30_000 }).toBe(2);
    const index = peer.messages.findIndex(
      (mail) => (mail.to && "text" in mail.to ? mail.to.text : "") === "quotes@ridgeline.test",
    );
    const sales = peer.messages[index];
    expect(peer.raw[index]?.length ?? Number.POSITIVE_INFINITY).toBeLessThan(12 * MB);
    expect(sales?.attachments).toEqual([]);
    expect(sales?.text).toContain(
      "Files: 21.0 MB in all, more than the 10.0 MB this e-mail attaches, so none is attached.",
    );
    const links = [...(sales?.text ?? "").matchAll(/^- (.+) \(\d+\.\d MB\): (\S+)$/gm)];
    expect(links.map((link) => link[1])).toEqual(files.map((file) => file.name));
    for (const [i, link] of links.entries()) {
      expect(link[2]?.startsWith(`http://localhost:${basePort + 4}/files/`)).toBe(true);
      // Fetched from the server as mailed (its origin follows PORT), the link gives the file itself.
      const download = await fetch(
        new URL(new URL(link[2] ?? "").pathname + new URL(link[2] ?? "").search, server.origin),
      );
      expect(download.status).toBe(200);
      expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(
        sha256(files[i]?.content ?? Buffer.alloc(0)),
      );
    }
    // The HTML body links the same files.
    expect((sales?.html || "").match(/<a href="http:\/\/localhost:\d+\/files\//g)).toHaveLength(3);
  } finally {
    await server.stop();
    await peer.stop();
  }
});
