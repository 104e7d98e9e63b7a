import { describe, expect, it } from "vitest";
import {
  firstNewsletterError,
  NEWSLETTER_EMAIL_MAX_LENGTH,
  NEWSLETTER_FIELDS,
  newsletterSchema,
  newsletterValues,
  parseNewsletter,
} from "~/features/newsletter/signup-form";

const required = { title: "Email Required", message: "Please enter your email address" };
const invalid = { title: "Invalid Email", message: "Please enter a valid email address" };

function addressOfLength(length: number): string {
  const domain = "@example.com";
  return `${"a".repeat(length - domain.length)}${domain}`;
}

describe("newsletter schema", () => {
  it("trims and lower-cases the address", () => {
    expect(parseNewsletter({ email: "  Dana.Price@Example.COM " })).toEqual({
      success: true,
      data: { email: "dana.price@example.com" },
    });
  });

  it.each([
    ["missing", undefined, required],
    ["blank", "   ", required],
    ["without @", "dana.example.com", invalid],
    ["without a top-level domain", "dana@example", invalid],
    ["with a space", "dana price@example.com", invalid],
    ["with a one-letter top-level domain", "dana@example.c", invalid],
  ])("an address %s gives the documented notice (no trailing period)", (_label, email, expected) => {
    expect(firstNewsletterError({ email })).toEqual(expected);
  });

  it("accepts 255 characters and refuses 256", () => {
    expect(NEWSLETTER_EMAIL_MAX_LENGTH).toBe(255);
    expect(firstNewsletterError({ email: addressOfLength(255) })).toBeNull();
    expect(firstNewsletterError({ email: addressOfLength(256) })).toEqual(invalid);
  });

  it("measures the length after trimming", () => {
    expect(firstNewsletterError({ email: `  ${addressOfLength(255)}  ` })).toBeNull();
  });

  it.each([
    ["missing", undefined, required],
    ["blank", "   ", required],
    ["malformed", "dana@example", invalid],
    ["too long", addressOfLength(256), invalid],
  ])("an address %s is the email field's message, the same as the notice", (_label, email, expected) => {
    const result = parseNewsletter({ email });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error).toEqual(expected);
    expect(result.fieldErrors).toEqual({ email: expected.message });
  });

  it("reads its list of fields from the schema", () => {
    expect(NEWSLETTER_FIELDS).toEqual(Object.keys(newsletterSchema.shape));
    expect(NEWSLETTER_FIELDS).toEqual(["email"]);
    expect(newsletterValues({ email: "a@b.co", other: "x" })).toEqual({ email: "a@b.co" });
    expect(newsletterValues({ email: ["a@b.co"] })).toEqual({ email: "" });
  });
});
