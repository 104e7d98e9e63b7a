import { expect, test } from "@playwright/test";
import { startSmtpPeer } from "../support/smtp-peer";
import { spawnServer } from "./spawned-server";
import { postForm } from "./support";

test("a contact POST's notification reaches a real SMTP peer, addressed to SALES_EMAIL", async () => {
  const peer = await startSmtpPeer();
  const server = await spawnServer(Number(process.env.E2E_PORT ?? 3100) + 92, {
    SMTP_URL: peer.url,
    SALES_EMAIL: "leads@ridgeline.test",
  });
  try {
    const response = await postForm(`${server.origin}/contact`, {
      name: "Morgan <Lee>",
      email: "morgan.lee@example.com",
      phone: "555-0100",
      message: "Need 500 GHS drum labels\nwith BS 5609 durability.",
    });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain("Thank You!");
    const reference = /C-[A-Z0-9]{6}/.exec(page)?.[0];
    expect(reference).toBeTruthy();

    // The notification to sales, and the acknowledgement to the visitor.
    await expect.poll(() => peer.messages.length, { timeout: 15_000 }).toBe(2);
    const recipient = (message: (typeof peer.messages)[number]) =>
      message.to && "text" in message.to ? message.to.text : "";
    const mail = peer.messages.find((message) => recipient(message) === "leads@ridgeline.test");
    expect(mail?.subject).toContain(reference);
    const acknowledgement = peer.messages.find((message) => recipient(message) === "morgan.lee@example.com");
    expect(acknowledgement?.text).toContain(reference);
    expect(acknowledgement?.text).not.toContain("GHS drum labels");
    expect(mail?.replyTo?.value[0]?.address).toBe("morgan.lee@example.com");
    expect(mail?.subject).toContain("Morgan <Lee>");
    expect(mail?.text).toContain("Need 500 GHS drum labels");
    expect(mail?.text).toContain("555-0100");
    expect(mail?.html || "").toContain("Morgan &lt;Lee&gt;");
  } finally {
    await server.stop();
    await peer.stop();
  }
});
