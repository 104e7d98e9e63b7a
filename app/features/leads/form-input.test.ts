import { describe, expect, it } from "vitest";
import { cleanText } from "./form-input";

describe("cleanText", () => {
  it("keeps text, normalises line breaks and drops control characters", () => {
    expect(cleanText("Line one\r\nLine two\rThree\u0000\u0007\tok")).toBe("Line one\nLine two\nThree\tok");
  });

  it("replaces a lone surrogate but keeps a real emoji", () => {
    expect(cleanText("a\uD83Db 📦")).toBe("a\uFFFDb 📦");
  });

  it("counts anything that is not a string as empty", () => {
    expect(cleanText(42)).toBe("");
    expect(cleanText(null)).toBe("");
    expect(cleanText(["x"])).toBe("");
  });
});
