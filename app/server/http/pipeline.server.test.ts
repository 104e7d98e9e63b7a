import { describe, expect, it } from "vitest";
import { withoutSecrets } from "./pipeline.server";

describe("withoutSecrets", () => {
  it("keeps newsletter tokens out of logged URLs", () => {
    expect(withoutSecrets("/newsletter/confirm?token=abc_DEF-123")).toBe(
      "/newsletter/confirm?token=[redacted]",
    );
    expect(withoutSecrets("/newsletter/unsubscribe?x=1&TOKEN=abc#top")).toBe(
      "/newsletter/unsubscribe?x=1&TOKEN=[redacted]#top",
    );
    expect(withoutSecrets("/resources?q=token")).toBe("/resources?q=token");
    expect(withoutSecrets(undefined)).toBeUndefined();
  });
});
