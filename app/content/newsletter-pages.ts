/**
 * The pages that newsletter e-mails link to (docs/newsletter.md), kept apart from the signup's texts so
 * the pages that carry the signup form do not load them.
 */
export const newsletterPages = {
  confirm: {
    title: "Confirm your subscription",
    description: "Confirm your subscription to the Ridgeline Industrial Supply newsletter.",
    heading: "Confirm your subscription",
    text: "Press the button to start receiving the newsletter at this address. It comes about once a month, and every issue has a link to unsubscribe.",
    button: "Confirm subscription",
  },
  confirmed: {
    heading: "Subscription confirmed",
    text: "Thank you. You will receive our newsletter about once a month; every issue has a link to unsubscribe.",
  },
  unsubscribe: {
    title: "Unsubscribe from the newsletter",
    description: "Stop receiving the Ridgeline Industrial Supply newsletter.",
    heading: "Unsubscribe from the newsletter",
    tokenText: "Press the button to stop receiving the newsletter at this address.",
    button: "Unsubscribe",
    requestText:
      "Enter the address that receives the newsletter. We will e-mail it a link that unsubscribes it with one press.",
    emailLabel: "Email address",
    requestButton: "Send unsubscribe link",
  },
  unsubscribed: {
    heading: "You are unsubscribed",
    text: "This address will receive no more newsletters. You can sign up again at any time.",
  },
  linkSent: {
    heading: "Check your inbox",
    text: "If that address receives our newsletter, we have sent it a link to unsubscribe. The link works once you open it and press the button.",
  },
  invalidLink: {
    heading: "This link does not work",
    text: "The link is incomplete or not one of ours. Copy the whole link from the e-mail, or sign up again.",
  },
  expiredLink: {
    heading: "This link has expired",
    text: "Confirmation links work for 7 days. Sign up again and we will send you a new one.",
  },
  usedLink: {
    heading: "This link has already been used",
    text: "Each confirmation link works once. If you are not receiving the newsletter, sign up again.",
  },
  signUpAgain: "Sign up for the newsletter",
  backHome: "Return to Home",
} as const;
