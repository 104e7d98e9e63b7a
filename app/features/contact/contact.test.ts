import { describe, expect, it } from "vitest";
import {
  CONTACT_EMAIL_MAX_LENGTH,
  CONTACT_ERRORS,
  CONTACT_FIELDS,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_PHONE_MAX_LENGTH,
  CONTACT_VALUE_FIELDS,
  contactSchema,
  contactValues,
  firstContactError,
  isHoneypotFilled,
  parseContact,
} from "~/features/contact/contact";
import { validContact as valid } from "./contact-fixture";

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
  ])("%s gives the documented notice", (_label, input, expected) => {
    expect(firstContactError(input)).toEqual(expected);
  });

  it("checks in the documented order: name, email blank, email shape, message", () => {
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

describe("contact schema: messages per field", () => {
  const failure = (input: Record<string, unknown>) => {
    const result = parseContact(input);
    if (result.success) throw new Error("expected the form to be refused");
    return result;
  };

  it.each([
    ["name", { ...valid, name: " " }, CONTACT_ERRORS.nameRequired],
    ["name", { ...valid, name: "x".repeat(CONTACT_NAME_MAX_LENGTH + 1) }, CONTACT_ERRORS.nameTooLong],
    ["email", { ...valid, email: "" }, CONTACT_ERRORS.emailRequired],
    ["email", { ...valid, email: "dana@example" }, CONTACT_ERRORS.emailInvalid],
    [
      "email",
      { ...valid, email: `${"x".repeat(CONTACT_EMAIL_MAX_LENGTH)}@example.com` },
      CONTACT_ERRORS.emailTooLong,
    ],
    ["phone", { ...valid, phone: "x".repeat(CONTACT_PHONE_MAX_LENGTH + 1) }, CONTACT_ERRORS.phoneTooLong],
    ["message", { ...valid, message: "\n " }, CONTACT_ERRORS.messageRequired],
    [
      "message",
      { ...valid, message: "x".repeat(CONTACT_MESSAGE_MAX_LENGTH + 1) },
      CONTACT_ERRORS.messageTooLong,
    ],
  ])(
    "%s: the field's message is its first failing rule, and the notice the same rule",
    (field, input, text) => {
      const result = failure(input);
      expect(result.fieldErrors).toEqual({ [field]: text.message });
      expect(result.error).toEqual(text);
    },
  );

  it("names every invalid field at once, in the form's order, keeping the notice of the first rule", () => {
    const empty = failure({});
    expect(empty.error).toEqual(CONTACT_ERRORS.nameRequired);
    expect(empty.fieldErrors).toEqual({
      name: CONTACT_ERRORS.nameRequired.message,
      email: CONTACT_ERRORS.emailRequired.message,
      message: CONTACT_ERRORS.messageRequired.message,
    });
    expect(Object.keys(empty.fieldErrors)).toEqual(["name", "email", "message"]);

    const two = failure({ name: "A", email: "nope", phone: "x".repeat(51), message: "" });
    expect(two.error).toEqual(CONTACT_ERRORS.emailInvalid);
    expect(two.fieldErrors).toEqual({
      email: CONTACT_ERRORS.emailInvalid.message,
      phone: CONTACT_ERRORS.phoneTooLong.message,
      message: CONTACT_ERRORS.messageRequired.message,
    });
  });

  it("keeps a blank e-mail's own message, not the shape rule that also fails", () => {
    expect(failure({ ...valid, email: "  " }).fieldErrors.email).toBe(CONTACT_ERRORS.emailRequired.message);
  });

  it("reads its list of fields from the schema, plus the honeypot", () => {
    expect(CONTACT_VALUE_FIELDS).toEqual(Object.keys(contactSchema.shape));
    expect(CONTACT_VALUE_FIELDS).toEqual(["name", "email", "phone", "message"]);
    expect(CONTACT_FIELDS).toEqual(["name", "email", "phone", "message", "website"]);
  });

  it("rebuilds the typed values from posted fields, text only, nothing else", () => {
    expect(contactValues({ name: "Dana", email: 42, website: "spam", other: "x" })).toEqual({
      name: "Dana",
      email: "",
      phone: "",
      message: "",
    });
    expect(contactValues()).toEqual({ name: "", email: "", phone: "", message: "" });
  });
});
