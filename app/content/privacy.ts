import { company } from "~/content/company";

/**
 * Days a quote request and its files are kept when the operator sets no ATTACHMENT_RETENTION_DAYS
 * (docs/quotes.md#retention). app/server/env.server.test.ts checks it against the server's default.
 */
export const defaultAttachmentRetentionDays = 365;

/** One block of the privacy page: a heading and short paragraphs, or a list of kept items. */
export interface PrivacySection {
  id: string;
  heading: string;
  paragraphs: readonly string[];
  items?: readonly { title: string; text: string }[];
}

/**
 * The privacy page (docs/product.md#page-privacy). What it says must match what the site really keeps;
 * a new section (say, on visit counting) is one more entry in `sections`.
 */
export const privacy = {
  hero: {
    heading: "Privacy",
    lead: `What ${company.name} keeps about you when you use this website, why, and for how long. In short: only what you send us, and no cookies.`,
  },
  sections: [
    {
      id: "what-you-send",
      heading: "What you send us and why",
      paragraphs: [
        "We keep only what you type into our forms: your name, company, e-mail address, phone number if you give it, your message, and for a quote request the items and any drawings or files you attach. We use it to answer you, prepare your quote and, if you ask for it, send you our newsletter.",
        "To stop a flood of automated posts, the site counts how often a connection sends a form for a few minutes. It stores a scrambled code made from the connection's internet address, never the address itself.",
      ],
    },
    {
      id: "how-long",
      heading: "How long we keep it",
      paragraphs: [],
      items: [
        {
          title: "Contact messages",
          text: "Kept so that we can follow up on your request, until you ask us to delete them.",
        },
        {
          title: "Quote requests, with their drawings and attachments",
          text: `Deleted automatically ${defaultAttachmentRetentionDays} days after they arrive. That is our standard setting; the company may choose a different period.`,
        },
        {
          title: "Messages set aside as likely spam",
          text: "A contact message or quote request that our filters take for spam is kept aside for 30 days, so that we can still answer it if it was genuine, and then deleted.",
        },
        {
          title: "Newsletter",
          text: "We add your address only after you confirm it from the e-mail we send you (double opt-in), and we keep a record of when you signed up and confirmed. A signup that is never confirmed is deleted after 30 days. Every newsletter e-mail has an unsubscribe link that works at any time.",
        },
        {
          title: "Searches that found nothing",
          text: "We count searches that found nothing, so we can add what people look for. We keep only the words searched, how often and when, never who searched. A search nobody has repeated for 180 days is deleted.",
        },
      ],
    },
    {
      id: "no-cookies",
      heading: "No cookies, no trackers",
      paragraphs: [
        "This website sets no cookies. It uses no third-party trackers, advertising networks or analytics services,.",
      ],
    },
    {
      id: "your-data",
      heading: "Ask for a copy or for deletion",
      paragraphs: [
        "You can ask for a copy of everything we keep about you, or ask us to delete it. Write to us at the address below and name the e-mail address you used on our forms or for the newsletter. We then send you the copy, or delete what we hold under that address.",
      ],
    },
  ],
  emailHref: `mailto:${company.email}`,
  emailLabel: "E-mail us",
} as const satisfies {
  hero: { heading: string; lead: string };
  sections: readonly PrivacySection[];
  emailHref: string;
  emailLabel: string;
};
