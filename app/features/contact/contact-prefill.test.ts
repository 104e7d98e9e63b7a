import { describe, expect, it } from "vitest";
import { isPrefillPost, PREFILL_MARKER, prefillValues } from "./contact-prefill";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe("the home form's carry-over (docs/product.md#home-message-form)", () => {
  it("is recognised by its marker only", () => {
    expect(isPrefillPost(form({ [PREFILL_MARKER.name]: PREFILL_MARKER.value }))).toBe(true);
    expect(isPrefillPost(form({ name: "Robin", email: "r@example.com", message: "Hi" }))).toBe(false);
    expect(isPrefillPost(form({ [PREFILL_MARKER.name]: "other" }))).toBe(false);
  });

  it("joins the names and adds the company as the message's last line", () => {
    const values = prefillValues(
      form({
        first_name: " Robin ",
        last_name: "Hale",
        email: "robin@example.com",
        company: "Hale Foods",
        message: "We need labels.",
      }),
    );
    expect(values).toMatchObject({
      name: "Robin Hale",
      email: "robin@example.com",
      phone: "",
      message: "We need labels.\n\nCompany: Hale Foods",
    });
  });

  it("leaves out what was not typed", () => {
    expect(prefillValues(form({ last_name: "Hale", company: "Hale Foods" }))).toMatchObject({
      name: "Hale",
      email: "",
      message: "Company: Hale Foods",
    });
  });
});
