/**
 * Phrases that mark a form post as likely spam (docs/spam.md#rules). Each is matched, lower case, as
 * whole words anywhere in the message, name or company; one phrase adds a little to the score, two or
 * more add enough to hold the lead. Keep them to what buyers of labels, barcoding and packaging never
 * write: SEO and marketing pitches, finance and gambling offers, the openings of bulk mailers. Never a
 * trade's own name (casino, bitcoin mining): those businesses buy labels and boxes too.
 */
export const SPAM_PHRASES: readonly string[] = [
  "seo services",
  "search engine optimization",
  "first page of google",
  "top of google",
  "rank your website",
  "increase your traffic",
  "website traffic",
  "backlinks",
  "guest post",
  "link building",
  "web design services",
  "app development services",
  "lead generation services",
  "email list",
  "buy followers",
  // Offers, not industries: a casino buys labels and a mining firm buys boxes.
  "crypto investment",
  "bitcoin investment",
  "invest in bitcoin",
  "forex signals",
  "binary options",
  "online casino",
  "casino bonus",
  "free spins",
  "viagra",
  "cialis",
  "loan offer",
  "make money online",
  "work from home",
  "earn extra cash",
  "no credit check",
  "limited time offer",
  "click here",
  "unsubscribe from this list",
  "dear website owner",
  "dear business owner",
  "your website has",
];
