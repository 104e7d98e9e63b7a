import { describe, expect, it } from "vitest";
import {
  clientAddress,
  forwardedProto,
  parseTrustProxy,
  TRUST_NONE,
  type TrustProxy,
} from "./client-key.server";

function trust(value: string): TrustProxy {
  const parsed = parseTrustProxy(value);
  if ("error" in parsed) throw new Error(parsed.error);
  return parsed;
}

describe("clientAddress", () => {
  it("uses the socket address when no proxy is trusted, whatever the header says", () => {
    expect(clientAddress("203.0.113.9", "127.0.0.1", TRUST_NONE)).toBe("127.0.0.1");
    expect(clientAddress(null, "::ffff:198.51.100.4", TRUST_NONE)).toBe("198.51.100.4");
    expect(clientAddress(undefined, undefined, TRUST_NONE)).toBe("unknown");
  });

  it("reads the address the trusted proxy saw: the right-hand end, never what the client wrote", () => {
    const oneHop = trust("true");
    // nginx's $proxy_add_x_forwarded_for appends the real peer to whatever the client sent.
    expect(clientAddress("6.6.6.6, 203.0.113.9", "127.0.0.1", oneHop)).toBe("203.0.113.9");
    expect(clientAddress("203.0.113.9", "127.0.0.1", oneHop)).toBe("203.0.113.9");
    expect(clientAddress(["6.6.6.6", "203.0.113.9"], "127.0.0.1", oneHop)).toBe("203.0.113.9");
    expect(clientAddress(null, "::1", oneHop)).toBe("::1");
    expect(clientAddress(" ", "10.0.0.2", oneHop)).toBe("10.0.0.2");
  });

  it("walks as many hops as it is told to trust", () => {
    expect(clientAddress("6.6.6.6, 203.0.113.9, 10.0.0.5", "127.0.0.1", trust("2"))).toBe("203.0.113.9");
    expect(clientAddress("203.0.113.9", "127.0.0.1", trust("3"))).toBe("203.0.113.9");
  });

  it("trusts only the listed proxies and stops at the first address that is not one", () => {
    const listed = trust("127.0.0.1, 10.0.0.0/8, ::1");
    expect(clientAddress("6.6.6.6, 203.0.113.9, 10.1.2.3", "127.0.0.1", listed)).toBe("203.0.113.9");
    expect(clientAddress("6.6.6.6, 203.0.113.9", "::1", listed)).toBe("203.0.113.9");
    // A peer that is not a listed proxy is the client itself, whatever it claims.
    expect(clientAddress("6.6.6.6", "198.51.100.7", listed)).toBe("198.51.100.7");
  });

  it("ends the chain at a malformed entry instead of believing what lies left of it", () => {
    expect(clientAddress("6.6.6.6, not-an-ip", "127.0.0.1", trust("2"))).toBe("127.0.0.1");
  });
});

describe("parseTrustProxy", () => {
  it("refuses what is neither a flag, a count nor addresses", () => {
    expect(parseTrustProxy("yes")).toHaveProperty("error");
    expect(parseTrustProxy("10.0.0.0/33")).toHaveProperty("error");
    expect(parseTrustProxy("11")).toHaveProperty("error");
    expect(parseTrustProxy("0")).toEqual(TRUST_NONE);
  });
});

describe("forwardedProto", () => {
  it("believes X-Forwarded-Proto from a trusted peer only", () => {
    expect(forwardedProto("https", "127.0.0.1", trust("true"))).toBe("https");
    expect(forwardedProto("https", "127.0.0.1", TRUST_NONE)).toBe("http");
    expect(forwardedProto("https", "198.51.100.7", trust("127.0.0.1"))).toBe("http");
    expect(forwardedProto("https, http", "127.0.0.1", trust("true"))).toBe("http");
  });
});
