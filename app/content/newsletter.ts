export const newsletter = {
  heading: "Stay Informed",
  text: "Practical tips on labels, printing, packaging and warehouse organization, plus new products and brochures. About one e-mail a month; unsubscribe any time.",
  emailLabel: "Email address",
  placeholder: "you@company.com",
  submitLabel: "Subscribe",
  submittingLabel: "Subscribing...",
  privacyNote: "We use your address only to send this newsletter.",
  unsubscribeLink: "Unsubscribe",
} as const;

/** Added after the fixed success text: the address is subscribed once the visitor confirms (docs/newsletter.md). */
export const newsletterConfirmHint =
  "Please confirm your subscription with the link we just sent to your inbox.";
