import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { isValidHost, parseRequestTarget, sameOriginLocation } from "./request-target.server";

function request(url: string, hosts: string[], httpVersion = "1.1"): IncomingMessage {
  return { url, httpVersion, rawHeaders: hosts.flatMap((host) => ["Host", host]) } as IncomingMessage;
}

describe("isValidHost", () => {
  it.each(["localhost", "localhost:3000", "www.example.com", "127.0.0.1:8080", "[::1]:3000", "my_host.lan"])(
    "accepts %s",
    (host) => expect(isValidHost(host)).toBe(true),
  );
  it.each([
    "",
    "x@y",
    "x:99999",
    "x:0",
    "x:0x50",
    "a b",
    "[::1",
    "ex%61mple.com",
    "a/b",
    `${"a".repeat(300)}.com`,
  ])("refuses %j", (host) => expect(isValidHost(host)).toBe(false));
});

describe("parseRequestTarget", () => {
  it("builds the URL from a checked Host and an origin-form target", () => {
    const result = parseRequestTarget(request("/about?x=1", ["WWW.Example.com"]));
    expect(result.ok && result.target.url.href).toBe("http://www.example.com/about?x=1");
  });

  it.each([
    ["two Host headers", request("/", ["a", "b"])],
    ["no Host on HTTP/1.1", request("/", [])],
    ["a Host with user info", request("/nope", ["x@y"])],
    ["a protocol-relative target", request("//x@y/anything", ["localhost"])],
    ["an absolute target", request("http://a:b@e.x/nope", ["localhost"])],
    ["an asterisk", request("*", ["localhost"])],
    ["a backslash", request("/./\\evil.example/", ["localhost"])],
  ])("refuses %s", (_what, req) => {
    expect(parseRequestTarget(req).ok).toBe(false);
  });

  it("remembers valid hosts without ever taking an invalid one, however many hosts come", () => {
    for (let index = 0; index < 200; index += 1) {
      expect(parseRequestTarget(request("/", [`host-${index}.example`])).ok).toBe(true);
      expect(parseRequestTarget(request("/", [`x@host-${index}.example`])).ok).toBe(false);
    }
    expect(parseRequestTarget(request("/", ["host-199.example"])).ok).toBe(true);
    expect(parseRequestTarget(request("/", ["host-0.example:99999"])).ok).toBe(false);
  });

  it("answers an HTTP/1.0 request without Host as localhost", () => {
    const result = parseRequestTarget(request("/", [], "1.0"));
    expect(result.ok && result.target.host).toBe("localhost");
  });
});

describe("sameOriginLocation", () => {
  it.each([
    ["//evil.example", "/evil.example"],
    ["/\\evil.example", "/evil.example"],
    ["\\\\evil.example/x", "/evil.example/x"],
    ["/products?q=1", "/products?q=1"],
  ])("turns %j into %j", (location, expected) => {
    expect(sameOriginLocation(location)).toBe(expected);
    expect(new URL(sameOriginLocation(location), "https://www.example.com").host).toBe("www.example.com");
  });
});
