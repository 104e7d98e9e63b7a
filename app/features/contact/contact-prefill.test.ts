// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { CARRY_SNIPPET, CARRY_STORAGE_KEY } from "./contact-prefill";

const run = () => new Function(CARRY_SNIPPET)();

const homeForm = `<form id="home-message-form" method="get" action="/contact#contact-form">
  <input id="home-first-name"><input id="home-last-name"><input id="home-email">
  <input id="home-company"><textarea id="home-message"></textarea><button>Send Message</button></form>`;

const contactForm = `<section id="contact-form"><p id="carried-message-note" hidden></p><form>
  <input id="contact-name"><input id="contact-email"><input id="contact-phone">
  <textarea id="contact-message"></textarea></form></section>`;

function fill(values: Record<string, string>): void {
  for (const [id, value] of Object.entries(values)) {
    (document.getElementById(id) as HTMLInputElement).value = value;
  }
}

function submitHome(): Event {
  const event = new Event("submit", { cancelable: true });
  document.getElementById("home-message-form")?.dispatchEvent(event);
  return event;
}

const field = (id: string) => (document.getElementById(id) as HTMLInputElement).value;

afterEach(() => {
  sessionStorage.clear();
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

describe("the home form's carry-over (docs/product.md#home-message-form)", () => {
  it("keeps the contact form's values in the browser: names joined, the company as the last line", () => {
    document.body.innerHTML = homeForm;
    run();
    fill({
      "home-first-name": " Robin ",
      "home-last-name": "Hale",
      "home-email": "robin@example.com",
      "home-company": "Hale Foods",
      "home-message": "We need labels.",
    });
    // jsdom cannot navigate: the snippet's own navigation is what is stopped here.
    const event = submitHome();
    expect(event.defaultPrevented).toBe(true);
    expect(JSON.parse(sessionStorage.getItem(CARRY_STORAGE_KEY) ?? "null")).toEqual({
      name: "Robin Hale",
      email: "robin@example.com",
      message: "We need labels.\n\nCompany: Hale Foods",
    });
  });

  it("leaves out what was not typed", () => {
    document.body.innerHTML = homeForm;
    run();
    fill({ "home-last-name": "Hale", "home-company": "Hale Foods" });
    submitHome();
    expect(JSON.parse(sessionStorage.getItem(CARRY_STORAGE_KEY) ?? "null")).toEqual({
      name: "Hale",
      email: "",
      message: "Company: Hale Foods",
    });
  });

  it("fills the contact form once, shows the note, and forgets the message", () => {
    sessionStorage.setItem(
      CARRY_STORAGE_KEY,
      JSON.stringify({ name: "Robin Hale", email: "r@example.com", message: "Hi" }),
    );
    document.body.innerHTML = contactForm;
    run();
    expect([field("contact-name"), field("contact-email"), field("contact-message")]).toEqual([
      "Robin Hale",
      "r@example.com",
      "Hi",
    ]);
    expect(field("contact-phone")).toBe("");
    expect(document.getElementById("carried-message-note")?.hidden).toBe(false);
    expect(sessionStorage.getItem(CARRY_STORAGE_KEY)).toBeNull();
    document.body.innerHTML = contactForm;
    run();
    expect(field("contact-name")).toBe("");
    expect(document.getElementById("carried-message-note")?.hidden).toBe(true);
  });

  it("never overwrites what is already in a field, and ignores a stored value that is not the message", () => {
    sessionStorage.setItem(CARRY_STORAGE_KEY, JSON.stringify({ name: "Robin", message: 42 }));
    document.body.innerHTML = contactForm;
    fill({ "contact-name": "Typed" });
    run();
    expect([field("contact-name"), field("contact-message")]).toEqual(["Typed", ""]);
    sessionStorage.setItem(CARRY_STORAGE_KEY, "not json");
    document.body.innerHTML = contactForm;
    expect(run).not.toThrow();
  });

  it("keeps the message for the contact page when the home page loads", () => {
    sessionStorage.setItem(CARRY_STORAGE_KEY, JSON.stringify({ name: "Robin" }));
    document.body.innerHTML = homeForm;
    run();
    expect(sessionStorage.getItem(CARRY_STORAGE_KEY)).not.toBeNull();
  });

  it("lets the plain GET go on (an empty contact form) when storage fails", () => {
    document.body.innerHTML = homeForm;
    run();
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new Error("quota");
    });
    expect(submitHome().defaultPrevented).toBe(false);
  });
});

it("stays within the 1 KB every inline snippet of a page is allowed", () => {
  expect(new TextEncoder().encode(CARRY_SNIPPET).length).toBeLessThanOrEqual(1024);
});

describe("a link's subject (the online way beside an e-mail draft)", () => {
  afterEach(() => {
    window.history.replaceState(null, "", "/");
  });

  it("starts an empty message with the subject, and no more than 200 characters of it", () => {
    window.history.replaceState(null, "", `/contact?subject=Product+Inquiry%3A+labels${"x".repeat(300)}`);
    document.body.innerHTML = contactForm;
    run();
    expect(field("contact-message")).toBe(`Product Inquiry: labels${"x".repeat(177)}\n\n`);
    expect(field("contact-name")).toBe("");
  });

  it("leaves a message carried from the home page as it is, and puts markup in as text", () => {
    window.history.replaceState(null, "", "/contact?subject=Product%20Inquiry");
    sessionStorage.setItem(CARRY_STORAGE_KEY, JSON.stringify({ name: "Robin", email: "", message: "Hi." }));
    document.body.innerHTML = contactForm;
    run();
    expect(field("contact-message")).toBe("Hi.");
    document.body.innerHTML = contactForm;
    window.history.replaceState(null, "", "/contact?subject=%3Cimg+src%3Dx+onerror%3Dalert(1)%3E");
    run();
    expect(field("contact-message")).toBe("<img src=x onerror=alert(1)>\n\n");
    expect(document.querySelector("img")).toBeNull();
  });
});
