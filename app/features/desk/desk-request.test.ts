import { describe, expect, it } from "vitest";
import { desiredCookie, isSecureRequest, readCookie } from "./cookies.server";
import { deskPolicy, isSameOriginPost, passkeyScriptSource } from "./desk-request.server";

const post = (url: string, headers: Record<string, string>) => new Request(url, { method: "POST", headers });

describe("desk requests", () => {
  it("takes a post only from its own origin, as the browser says it", () => {
    const site = "https://www.ridgeline.example";
    const url = `${site}/desk/sessions`;
    expect(isSameOriginPost(post(url, { "sec-fetch-site": "same-origin" }), site)).toBe(true);
    expect(isSameOriginPost(post(url, { "sec-fetch-site": "same-site" }), site)).toBe(false);
    expect(isSameOriginPost(post(url, { "sec-fetch-site": "cross-site", origin: site }), site)).toBe(false);
    expect(isSameOriginPost(post(url, { origin: site }), site)).toBe(true);
    expect(isSameOriginPost(post(url, { origin: "https://evil.example" }), site)).toBe(false);
    expect(isSameOriginPost(post(url, { origin: "null" }), site)).toBe(false);
    expect(isSameOriginPost(post(url, {}), site)).toBe(false);
  });

  it("makes its cookies HttpOnly, SameSite=Lax and limited to /desk; Secure behind HTTPS", () => {
    expect(desiredCookie("desk_session", "abc", { secure: false, maxAgeSeconds: 60 })).toBe(
      "desk_session=abc; Path=/desk; HttpOnly; SameSite=Lax; Max-Age=60",
    );
    expect(desiredCookie("desk_session", "abc", { secure: true })).toBe(
      "desk_session=abc; Path=/desk; HttpOnly; SameSite=Lax; Secure",
    );
    // SITE_URL https, or this request arrived over HTTPS (the server builds its URL from a trusted proxy's header).
    expect(isSecureRequest(new Request("http://127.0.0.1/desk"), "https://www.ridgeline.example")).toBe(true);
    expect(isSecureRequest(new Request("https://desk.example/desk"), "http://localhost:3000")).toBe(true);
    expect(isSecureRequest(new Request("http://127.0.0.1/desk"), "http://localhost:3000")).toBe(false);
  });

  it("reads one cookie of the request and ignores an oversized header", () => {
    const request = new Request("http://x/desk", { headers: { cookie: "a=1; desk_session=xyz; b=2" } });
    expect(readCookie(request, "desk_session")).toBe("xyz");
    expect(readCookie(request, "desk_link")).toBeNull();
    const huge = new Request("http://x/desk", {
      headers: { cookie: `desk_session=xyz; pad=${"p".repeat(9000)}` },
    });
    expect(readCookie(huge, "desk_session")).toBeNull();
  });

  it("runs no script but, where a page offers passkeys, the one passkey file on the site's origin", () => {
    expect(deskPolicy()).toContain("script-src 'none';");
    const source = passkeyScriptSource("https://www.ridgeline.example");
    // In unit tests the module's address is its source file; in the build, /assets/passkeys-client-<hash>.js.
    expect(source).toBe("https://www.ridgeline.example/app/features/desk/passkeys-client.ts");
    const policy = deskPolicy(source);
    // That file alone: no 'self', no inline script, no other file.
    expect(policy.split("; ").find((directive) => directive.startsWith("script-src"))).toBe(
      `script-src ${source}`,
    );
    expect(policy).toContain("default-src 'none'");
  });
});
