import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-key.server";

describe("clientAddress", () => {
  it("uses the socket address unless a trusted proxy says otherwise", () => {
    expect(clientAddress("203.0.113.9", "127.0.0.1", false)).toBe("127.0.0.1");
    expect(clientAddress("203.0.113.9, 10.0.0.1", "127.0.0.1", true)).toBe("203.0.113.9");
    expect(clientAddress(null, "::1", true)).toBe("::1");
    expect(clientAddress(" ", undefined, true)).toBe("unknown");
  });
});
