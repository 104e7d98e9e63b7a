/**
 * Mail domains the throwaway list names that real buyers use (docs/spam.md#rules): forwarding and
 * privacy services that hide a lasting inbox behind an alias (DuckDuckGo, Firefox Relay, SimpleLogin,
 * addy.io, Proton Pass, 33mail, Forward Email, ImprovMX) and mail.com's vanity domains for a trade. An
 * address at one of these (or a subdomain) is not scored as throwaway. Lower case.
 */
export const MAIL_FORWARDING_DOMAINS: readonly string[] = [
  // Forwarding and privacy aliases.
  "duck.com",
  "mozmail.com",
  "relay.firefox.com",
  "privaterelay.appleid.com",
  "simplelogin.com",
  "simplelogin.co",
  "slmail.me",
  "aleeas.com",
  "anonaddy.com",
  "anonaddy.me",
  "addy.io",
  "passmail.net",
  "passinbox.com",
  "33mail.com",
  "forwardemail.net",
  "improvmx.com",
  // mail.com's vanity domains: lasting inboxes named after a trade.
  "consultant.com",
  "techie.com",
  "writeme.com",
  "myself.com",
  "dr.com",
  "alumni.com",
];
