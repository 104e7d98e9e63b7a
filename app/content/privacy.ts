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
 * The privacy page (docs/product.md#page-privacy). What it says must match what the site really keeps
 * (docs/attribution.md, docs/analytics.md, docs/webhooks.md, docs/spam.md); a new section is one more
 * entry in `sections`.
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
        "What you send reaches our sales team by e-mail and, where the company has connected one, its customer records system, which keeps it under the company's own records policy. Drawings and files go there only as links that stop working after 7 days.",
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
      id: "how-you-found-us",
      heading: "How you found us",
      paragraphs: [
        "When you send a form, it also tells us how you came to the site: the first page you opened, the website or search engine that sent you there (its name only, not the page), the campaign named in the link you followed (for example our newsletter), whether the link came from an ad, the page you sent the form from, how many pages you looked at and how long that took. It is kept with your message, quote request or signup, and deleted with it.",
        "Your browser remembers this only for as long as its tab is open, and only to put it into the form. Nothing is kept about you that identifies you, and no cookie is set. Without JavaScript, the form says only which of our pages it was sent from.",
      ],
    },
    {
      id: "counting",
      heading: "Counting visits",
      paragraphs: [
        "Our server counts page views, downloads, pages not found, old addresses that were redirected, form sends and searches, so we know what is read and what is missing. It does so without cookies.",
        "To count how many different people visit in a day, it combines your internet address, your browser's name and a random value that is made each day and destroyed when the day ends, and keeps only the scrambled result until then. Nothing that identifies you is kept.",
      ],
    },
    {
      id: "no-cookies",
      heading: "No cookies, no trackers",
      paragraphs: [
        "This website sets no cookies. It uses no third-party trackers, advertising networks or analytics services.",
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
