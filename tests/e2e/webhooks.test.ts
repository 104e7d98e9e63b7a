import { createHash, randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { startWebhookReceiver } from "../support/webhook-receiver";
import { spawnServer } from "./spawned-server";

// Offsets 330-339 of E2E_PORT: the server at +330, the receiver at +331.
const basePort = Number(process.env.E2E_PORT ?? 3100) + 330;
const sha256 = (content: Buffer | Uint8Array) => createHash("sha256").update(content).digest("hex");
const secret = `whsec_${randomBytes(32).toString("base64")}`;
const drawing = Buffer.concat([
  Buffer.from(
    "%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n",
  ),
  Buffer.from(`% ${randomBytes(600).toString("hex")}\ntrailer <</Root 1 0 R>>\n%%EOF\n`),
]);

test("must show: a quote shipping to 30301 reaches the CRM's receiver as quote.created, verified, routed to Atlanta, its drawing a link that downloads it and fails when changed", async () => {
  test.setTimeout(60_000);
  const receiver = await startWebhookReceiver(secret, [200], { port: basePort + 1 });
  const origin = `http://127.0.0.1:${basePort}`;
  const server = await spawnServer(basePort, {
    SITE_URL: origin,
    WEBHOOK_ENDPOINTS: `${receiver.url}=${secret}`,
  });
  try {
    const page = await fetch(`${origin}/quote`);
    const token = /name="startedAt" value="([^"]+)"/.exec(await page.text())?.[1] ?? "";
    expect(token).not.toBe("");
    // The form's minimum fill time.
    await new Promise((resolve) => setTimeout(resolve, 3100));
    const form = new FormData();
    const fields: Record<string, string> = {
      company: "Peachtree Fulfilment",
      name: "Marcus Bell",
      email: "marcus.bell@example.com",
      postalCode: "30301",
      "items[0].area": "labels",
      "items[0].description": "4x6 thermal transfer labels",
      "items[0].quantity": "24",
      "items[0].unit": "roll",
      website: "",
      startedAt: token,
      intent: "send",
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(
      "files",
      new Blob([new Uint8Array(drawing)], { type: "application/pdf" }),
      "tray drawing.pdf",
    );
    const response = await fetch(`${origin}/quote`, { method: "POST", body: form });
    expect(response.status).toBe(200);
    const reference = /Your reference: <strong[^>]*>(Q-[A-Z0-9]{6})</.exec(await response.text())?.[1] ?? "";
    expect(reference).toMatch(/^Q-/);

    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
    const [got] = receiver.received;
    expect(got?.verified).toBe(true);
    expect(got?.id).toMatch(/^msg_/);
    const body = got?.json();
    expect(body?.type).toBe("quote.created");
    const data = body?.data as {
      reference: string;
      lead: { postalCode: string; email: string };
      items: Array<{ description: string; quantity: number }>;
      routing: { branch: { name: string } | null; cc: string[] };
      files: Array<{ name: string; url: string; size: number }>;
    };
    expect(data.reference).toBe(reference);
    expect(data.lead).toMatchObject({ postalCode: "30301", email: "marcus.bell@example.com" });
    expect(data.items[0]).toMatchObject({ description: "4x6 thermal transfer labels", quantity: 24 });
    expect(data.routing.branch?.name).toBe("Atlanta");
    expect(data.files).toHaveLength(1);
    expect(data.files[0]).toMatchObject({ name: "tray drawing.pdf", size: drawing.length });

    const link = new URL(data.files[0]?.url ?? "");
    expect(link.origin).toBe(origin);
    const download = await fetch(link);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="tray drawing\.pdf"/);
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(drawing));

    const tampered = new URL(link);
    const sig = link.searchParams.get("sig") ?? "";
    tampered.searchParams.set("sig", `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`);
    const refused = await fetch(tampered);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("not valid");
    const otherFile = new URL(link);
    otherFile.pathname = otherFile.pathname.replace(/\/files\/\d+\//, "/files/1000/");
    expect((await fetch(otherFile)).status).toBe(403);
  } finally {
    await server.stop();
    await receiver.stop();
  }
});
