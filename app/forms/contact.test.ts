import { describe, expect, it } from "vitest";
import {
  CONTACT_EMAIL_MAX_LENGTH,
  CONTACT_ERRORS,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_PHONE_MAX_LENGTH,
  firstContactError,
  isHoneypotFilled,
  parseContact,
} from "~/forms/contact";

const valid = {
  name: "Dana Price",
  email: "dana@example.com",
  phone: "",
  message: "Need 40 rolls of 4x6 labels.",
};

describe("contact schema", () => {
  it("accepts a valid form, trims, and turns an empty phone into null", () => {
    const result = parseContact({ ...valid, name: "  Dana Price ", phone: "   " });
    expect(result).toEqual({ success: true, data: { ...valid, phone: null } });
  });

  it("keeps a phone as typed, with no format check", () => {
    const result = parseContact({ ...valid, phone: "call me (ext. 12)" });
    expect(result.success && result.data.phone).toBe("call me (ext. 12)");
  });

  it.each([
    [
      "name blank after trimming",
      { ...valid, name: "   " },
      { title: "Name Required", message: "Please enter your name." },
    ],
    [
      "email blank",
      { ...valid, email: " " },
      { title: "Email Required", message: "Please enter your email address." },
    ],
    [
      "email without a dot after the @",
      { ...valid, email: "dana@example" },
      { title: "Invalid Email", message: "Please enter a valid email address." },
    ],
    [
      "email with a space",
      { ...valid, email: "dana price@example.com" },
      { title: "Invalid Email", message: "Please enter a valid email address." },
    ],
    [
      "message blank",
      { ...valid, message: "\n\t " },
      { title: "Message Required", message: "Please enter your message." },
    ],
  ])("%s gives the spec's notice", (_label, input, expected) => {
    expect(firstContactError(input)).toEqual(expected);
  });

  it("checks in the spec's order: name, email blank, email shape, message", () => {
    expect(firstContactError({})).toEqual(CONTACT_ERRORS.nameRequired);
    expect(firstContactError({ name: "A" })).toEqual(CONTACT_ERRORS.emailRequired);
    expect(firstContactError({ name: "A", email: "nope" })).toEqual(CONTACT_ERRORS.emailInvalid);
    expect(firstContactError({ name: "A", email: "a@b.co" })).toEqual(CONTACT_ERRORS.messageRequired);
    expect(firstContactError({ name: "A", email: "a@b.co", message: "Hi" })).toBeNull();
  });

  it("treats non-string values as empty", () => {
    expect(firstContactError({ name: 42, email: ["a@b.co"] })).toEqual(CONTACT_ERRORS.nameRequired);
  });

  it("enforces the length limits at their boundaries", () => {
    const at = (n: number) => "x".repeat(n);
    expect(firstContactError({ ...valid, name: at(CONTACT_NAME_MAX_LENGTH) })).toBeNull();
    expect(firstContactError({ ...valid, name: at(CONTACT_NAME_MAX_LENGTH + 1) })).toEqual(
      CONTACT_ERRORS.nameTooLong,
    );
    const email = (n: number) => `${at(n - "@example.com".length)}@example.com`;
    expect(firstContactError({ ...valid, email: email(CONTACT_EMAIL_MAX_LENGTH) })).toBeNull();
    expect(firstContactError({ ...valid, email: email(CONTACT_EMAIL_MAX_LENGTH + 1) })).toEqual(
      CONTACT_ERRORS.emailTooLong,
    );
    expect(firstContactError({ ...valid, phone: at(CONTACT_PHONE_MAX_LENGTH) })).toBeNull();
    expect(firstContactError({ ...valid, phone: at(CONTACT_PHONE_MAX_LENGTH + 1) })).toEqual(
      CONTACT_ERRORS.phoneTooLong,
    );
    expect(firstContactError({ ...valid, message: at(CONTACT_MESSAGE_MAX_LENGTH) })).toBeNull();
    expect(firstContactError({ ...valid, message: at(CONTACT_MESSAGE_MAX_LENGTH + 1) })).toEqual({
      title: "Message Too Long",
      message: "Please keep your message under 5,000 characters.",
    });
  });

  it("strips control characters but keeps tabs and line breaks (CRLF becomes LF)", () => {
    const result = parseContact({
      ...valid,
      name: "Da\u0000na\u0007",
      message: "line 1\r\n\tline 2\u001b[31m\u0085",
    });
    expect(result.success && result.data).toMatchObject({ name: "Dana", message: "line 1\n\tline 2[31m" });
  });

  it("counts a name made only of control characters as blank", () => {
    expect(firstContactError({ ...valid, name: "\u0001\u0002" })).toEqual(CONTACT_ERRORS.nameRequired);
  });

  it("sees a honeypot as filled only when it holds visible text", () => {
    expect(isHoneypotFilled({ website: "http://spam.example" })).toBe(true);
    expect(isHoneypotFilled({ website: "  " })).toBe(false);
    expect(isHoneypotFilled({})).toBe(false);
  });
});
