import net from "node:net";
import { describe, expect, it } from "vitest";
import { field, file, multipart, pdf, quotePostHead, serveUploads } from "../testing/quote-upload";

/*
 * Upload slots are for files, and only while the files keep coming (docs/quotes.md#limits-and-checks):
 * against real sockets, one slot held by an upload that sends a byte every 150 ms after its file
 * began (never silent for the stall limit, yet bringing nothing) is given up at the stall limit, and
 * a post without files is read whole while the slot is taken.
 */

const server = serveUploads();

/** An upload that sends its fields and a file's first bytes, then one byte every `everyMs`. */
function trickle(head: string, start: Buffer, everyMs: number) {
  const socket = net.connect(server.port, "127.0.0.1");
  socket.on("error", () => undefined);
  let answer = "";
  socket.on("data", (chunk) => {
    answer += chunk.toString();
  });
  socket.write(head);
  socket.write(start);
  const timer = setInterval(() => socket.write("A"), everyMs);
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  return {
    answer: () => answer,
    closed,
    stop: () => {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

describe("quote upload slots and stalled files", () => {
  it("gives up a trickling upload's slot at the stall limit, and lets the next file in", async () => {
    const body = multipart([field("company", "Slow Loris"), file("big.pdf", pdf(50_000))]);
    const start = body.subarray(0, body.indexOf("%PDF") + 4);
    const started = Date.now();
    const holder = trickle(
      quotePostHead(
        20 * 1024 * 1024,
        "X-Timeout: 20000\r\nX-Stall: 3000\r\nX-Slot: 1\r\nX-Client: loris\r\n",
      ),
      start,
      150,
    );
    try {
      await expect.poll(() => server.slotsInUse).toBe(1);
      // While it holds the one slot: a post without files needs none; one with a file is refused.
      const textOnly = await server.post(multipart([field("company", "Buyer"), file("", Buffer.alloc(0))]), {
        "x-slot": "1",
        "x-client": "buyer",
      });
      expect(textOnly.status).toBe(200);
      expect(textOnly.body.fields).toEqual({ company: "Buyer" });
      const busy = await server.post(multipart([field("company", "Buyer"), file("a.pdf", pdf())]), {
        "x-slot": "1",
        "x-client": "buyer",
      });
      expect(busy.status).toBe(503);
      expect(busy.body.error?.message).toContain(
        "Send yours now without the files and attach them later by replying to our acknowledgement e-mail",
      );
      // A byte every 150 ms never leaves the line silent for 3 s, yet brings too little to keep a slot:
      // given up at the stall limit, long before the 20 s ceiling that used to be its only end.
      await holder.closed;
      const heldFor = Date.now() - started;
      expect(holder.answer()).toMatch(/^HTTP\/1\.1 408/);
      expect(holder.answer()).toContain('"unfinishedFiles":["big.pdf"]');
      expect(heldFor).toBeGreaterThanOrEqual(3_000);
      expect(heldFor).toBeLessThan(8_000);
      expect(server.slotsInUse).toBe(0);
      const next = await server.post(multipart([field("company", "Buyer"), file("a.pdf", pdf())]), {
        "x-slot": "1",
        "x-client": "buyer",
      });
      expect(next.status).toBe(200);
      expect(next.body.files).toHaveLength(1);
    } finally {
      holder.stop();
    }
  });
});
