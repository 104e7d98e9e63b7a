import { describe, expect, it } from "vitest";
import { createUploadSlots, SLOT_ERRORS } from "./upload-slots.server";

describe("quote upload slots", () => {
  it("lets in as many uploads as it has slots, one per client, and the next once one is done", () => {
    const slots = createUploadSlots(2);
    const first = slots.take("client-a");
    const second = slots.take("client-b");
    expect([first.ok, second.ok]).toEqual([true, true]);
    // Every slot taken: 503, whoever asks.
    expect(slots.take("client-c")).toEqual({ ok: false, refusal: SLOT_ERRORS.busy });
    // A client with an upload in progress: 429, even with a slot free.
    if (first.ok) first.release();
    expect(slots.take("client-b")).toEqual({ ok: false, refusal: SLOT_ERRORS.clientBusy });
    const third = slots.take("client-c");
    expect(third.ok).toBe(true);
    expect(slots.inUse).toBe(2);
  });

  it("gives a slot back once however often its answer reports done", () => {
    const slots = createUploadSlots(1);
    const slot = slots.take("client-a");
    if (!slot.ok) throw new Error("the first upload got no slot");
    slot.release();
    slot.release();
    expect(slots.inUse).toBe(0);
    expect(slots.take("client-a").ok).toBe(true);
    expect(slots.take("client-b").ok).toBe(false);
  });

  it("refuses with Retry-After, and as a server fault only when the server is full", () => {
    expect(SLOT_ERRORS.busy).toMatchObject({ status: 503, retryAfterSeconds: 30 });
    expect(SLOT_ERRORS.clientBusy).toMatchObject({ status: 429, retryAfterSeconds: 30 });
  });
});
