/*
 * The home page's 'Get in Touch' form sends nothing (docs/product.md#home-message-form). Its fields
 * have no names, so the form, a plain GET to /contact, carries nothing to the server; with scripts, the
 * inline snippet below keeps what was typed in sessionStorage as the visitor presses Send Message and
 * fills the contact form with it when /contact loads. The typed text never leaves the browser.
 */

/** The home form's id, which the snippet listens for. */
export const HOME_FORM_ID = "home-message-form";

/** The home form's controls, by id (they have no names: a named field would be sent). */
export const HOME_FIELD_IDS = {
  firstName: "home-first-name",
  lastName: "home-last-name",
  email: "home-email",
  company: "home-company",
  message: "home-message",
} as const;

/** The contact form's controls the carried message fills, by id. */
const CONTACT_FIELD_IDS = {
  name: "contact-name",
  email: "contact-email",
  message: "contact-message",
} as const;

/** The sessionStorage key of the carried message; read once, then removed. */
export const CARRY_STORAGE_KEY = "rl-home-message";

/** The note above the contact form that says the message is not sent yet: hidden until the snippet fills the form. */
export const CARRIED_NOTE_ID = "carried-message-note";

/** Longest value carried into a field: the contact form's longest (the message, 5,000 characters). */
const MAX_LENGTH = 5000;

/** Longest subject a link may start the message with (`/contact?subject=…`): an e-mail draft's subject. */
const SUBJECT_MAX_LENGTH = 200;

const value = (id: string) => `v("${id}")`;

/**
 * ES5, inlined on the home page (after its form) and on /contact (after its form). On the home page:
 * as the form is submitted, keep the contact form's three values (first and last name joined, the
 * e-mail, the message with the company as a last line) and go to the form's address without a query.
 * If storage fails the plain GET goes on: an empty contact form. On /contact: fill each empty field
 * from what was kept, show the note that says it is not sent yet, and forget it; then, when the
 * address carries a `subject` (the online way beside an e-mail draft) and the message is still empty,
 * start the message with that subject, as the draft's subject line would. The app's scripts, when they
 * load, take the filled values over as typed text (app/lib/typed-before-hydration.ts).
 */
export const CARRY_SNIPPET = `(function(){function g(i){return document.getElementById(i)}var k="${CARRY_STORAGE_KEY}",s;try{s=sessionStorage}catch(e){return}function v(i){var e=g(i);return e?e.value.trim():""}var f=g("${HOME_FORM_ID}");f&&f.addEventListener("submit",function(e){var n=[${value(HOME_FIELD_IDS.firstName)},${value(HOME_FIELD_IDS.lastName)}].filter(Boolean).join(" "),c=${value(HOME_FIELD_IDS.company)},m=${value(HOME_FIELD_IDS.message)};if(c)m=(m+"\\n\\nCompany: "+c).trim();try{s.setItem(k,JSON.stringify({name:n,email:${value(HOME_FIELD_IDS.email)},message:m}))}catch(x){return}e.preventDefault();location.href=f.action});var o={name:"${CONTACT_FIELD_IDS.name}",email:"${CONTACT_FIELD_IDS.email}",message:"${CONTACT_FIELD_IDS.message}"},t;if(!g(o.name))return;try{t=JSON.parse(s.getItem(k));s.removeItem(k)}catch(x){}if(t&&typeof t=="object"){for(var p in o){var e=g(o[p]);if(e&&!e.value&&typeof t[p]=="string")e.value=t[p].slice(0,${MAX_LENGTH})}var a=g("${CARRIED_NOTE_ID}");a&&(a.hidden=!1)}var b=g(o.message),q=new URLSearchParams(location.search).get("subject");if(q&&b&&!b.value)b.value=q.slice(0,${SUBJECT_MAX_LENGTH})+"\\n\\n"})()`;
