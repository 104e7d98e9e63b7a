/** Words every form shares. */

/** The honeypot field's label: read by nobody but a bot (docs/product.md#honeypot). */
export const honeypotLabel = "Leave this field empty";
