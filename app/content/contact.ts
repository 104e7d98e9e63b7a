import { company, telHref } from "~/content/company";
import type { ContactContent } from "~/content/schema";

const mailtoSales = `mailto:${company.email}`;
const weekdays = company.hours[0];

export const contact = {
  hero: {
    heading: "Contact Us",
    lead: "Questions about a product, a quote or a repair? Call, e-mail or send a message and the right person will get back to you.",
  },
  phoneCard: {
    title: "Call Us",
    description: `Talk with sales or technical support, ${weekdays.days}, ${weekdays.open} to ${weekdays.close}.`,
    actionLabel: "Call Now",
    href: telHref,
  },
  emailCard: {
    title: "Email Us",
    description: "Send quote requests, drawings, photos and questions straight to our sales team.",
    actionLabel: "Send an Email",
    href: mailtoSales,
  },
  form: {
    heading: "Send Us a Message",
    intro: "Tell us what you need and how to reach you, and we will reply with answers, samples or a quote.",
    fields: {
      name: { label: "Name", placeholder: "Your name" },
      email: { label: "Email", placeholder: "you@company.com" },
      phone: { label: "Phone (optional)", placeholder: "Best number to reach you" },
      message: {
        label: "Message",
        placeholder: "Products, quantities, timing or the problem you want to solve",
      },
    },
    requiredNote: "Name, email and message are required.",
    submitLabel: "Send Message",
    submittingLabel: "Sending...",
    success: {
      heading: "Thank You!",
      text: "Your message is with our sales team. We will get back to you during business hours.",
      resetLabel: "Send Another Message",
    },
  },
  locations: {
    heading: "Our Locations",
    text: "We serve customers from four locations. Call or e-mail and we will connect you with the nearest team.",
  },
  hours: { heading: "Business Hours", closedLabel: "Closed" },
  support: {
    heading: "More ways we can help",
    lead: "Pick the route that fits your question.",
    cards: [
      {
        title: "Technical Support",
        description:
          "Printer not printing right, scanner not reading, labels not sticking? Call and talk it through with our technical team.",
        actionLabel: "Call Technical Support",
        href: telHref,
      },
      {
        title: "Sales Consultation",
        description:
          "Planning a new line, a warehouse relabel or a packaging change? Tell us about it and we will set up a time to talk.",
        actionLabel: "Request a Consultation",
        href: "/contact",
      },
      {
        title: "Email for Fastest Response",
        description:
          "E-mail reaches the whole sales team at once, so the first person free picks it up. Include sizes, quantities and photos if you have them.",
        actionLabel: "Email Sales",
        href: mailtoSales,
      },
    ],
  },
} satisfies ContactContent;

/** Shown above the contact form when the home page's form carried a message here (nothing sent yet). */
export const carriedMessageNote = "Your message is below — check it and press Send Message to send it.";

/** The contact form's place on the page: the home form lands there (docs/product.md#home-message-form). */
export const CONTACT_FORM_ANCHOR = "contact-form";

/**
 * Mail domains anyone can sign up to: a contact message from one names no company, so the sales
 * notification shows no company for it (app/features/contact/lead-facts.server.ts). Kept short: the big
 * providers of the buyers who write to us; an unlisted one shows as a company, which sales can tell.
 */
export const freeMailDomains: readonly string[] = [
  "aol.com",
  "att.net",
  "bellsouth.net",
  "charter.net",
  "comcast.net",
  "cox.net",
  "earthlink.net",
  "gmail.com",
  "gmx.com",
  "googlemail.com",
  "hotmail.ca",
  "hotmail.com",
  "icloud.com",
  "live.com",
  "mac.com",
  "mail.com",
  "me.com",
  "msn.com",
  "outlook.com",
  "proton.me",
  "protonmail.com",
  "rogers.com",
  "sbcglobal.net",
  "shaw.ca",
  "sympatico.ca",
  "verizon.net",
  "yahoo.ca",
  "yahoo.com",
  "ymail.com",
  "zoho.com",
];
