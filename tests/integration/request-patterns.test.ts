import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseContact } from "~/features/contact/contact";
import { companyFromEmail, datesIn, placesIn } from "~/features/contact/lead-facts.server";
import { escapeHtml, headerSafe, isPlainAddress, quoteLines } from "~/features/leads/email-text.server";
import { cleanText, isLooseEmail } from "~/features/leads/form-input";
import { isStandardEmail, parseNewsletter } from "~/features/newsletter/signup-form";
import { isQuoteTextField, quoteValuesFromFields } from "~/features/quote/quote";
import { parsePastedLine } from "~/features/quote/quote-paste";
import { cleanQuery, normalizeQuery, tokenize } from "~/features/search/normalize.server";
import { isValidHost, sameOriginLocation } from "~/server/http/request-target.server";
import { normalizeMailbox } from "~/server/mail/mailbox.server";

/*
 * Every function that runs a pattern over what a visitor sends, given 100 KB built to make a
 * backtracking pattern slow: short runs of the characters those patterns care about (digits, separators,
 * @ and dots, spaces, markup, encoded words), repeated to 100 KB, with an ending that fails the match.
 * A pattern that is quadratic on such input takes minutes here (100,000² steps); a linear one takes
 * milliseconds, so the generous per-test time limit is the check. Fields are bounded long before this
 * size (docs/product.md), so these inputs are larger than any request can carry.
 */

const SIZE = 100_000;
const PIECES = [
  "1",
  "a",
  "x",
  "@",
  ".",
  "-",
  ",",
  " ",
  "\t",
  "\n",
  "\r\n",
  "<",
  "=?",
  "%",
  "é",
  "+",
  "_",
  ":",
  "/",
  // Capitalised words and month names: what the contact notification's place and date patterns read.
  "A",
  "Dec",
];

const ENDINGS = ["", "!", "\u0000", "x", "@", " 1", "1 rolls"];
const fill = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);

/** Every piece alone, repeated to 100 KB, with every ending: the long runs that backtracking feeds on. */
const RUNS = PIECES.flatMap((piece) => ENDINGS.map((ending) => fill(piece) + ending));

/** And short mixed runs of the pieces, repeated, chosen at random (a fixed seed, so a failure repeats). */
const hostileText = fc
  .tuple(fc.array(fc.constantFrom(...PIECES), { minLength: 2, maxLength: 4 }), fc.constantFrom(...ENDINGS))
  .map(([run, ending]) => fill(run.join("")) + ending);

const SUBJECTS: Array<[string, (text: string) => unknown]> = [
  ["cleanText", cleanText],
  ["isLooseEmail (contact)", isLooseEmail],
  ["isStandardEmail (newsletter)", isStandardEmail],
  ["isPlainAddress (mail)", isPlainAddress],
  ["normalizeMailbox", normalizeMailbox],
  ["escapeHtml", escapeHtml],
  ["headerSafe", (text) => headerSafe(text, 200)],
  ["quoteLines", quoteLines],
  ["cleanQuery (search)", cleanQuery],
  ["normalizeQuery (search)", normalizeQuery],
  ["tokenize (search)", tokenize],
  ["isValidHost", isValidHost],
  ["sameOriginLocation", sameOriginLocation],
  ["isQuoteTextField", isQuoteTextField],
  ["parsePastedLine", parsePastedLine],
  ["companyFromEmail", companyFromEmail],
  ["datesIn (contact notification)", datesIn],
  ["placesIn (contact notification)", placesIn],
  ["parseContact", (text) => parseContact({ name: text, email: text, phone: text, message: text })],
  ["parseNewsletter", (text) => parseNewsletter({ email: text })],
  [
    "quoteValuesFromFields",
    (text) => quoteValuesFromFields({ company: text, "items[0].description": text, "labels.size": text }),
  ],
];

describe("patterns over visitor input stay linear on 100 KB built to make them backtrack", () => {
  it.each(SUBJECTS)(
    "%s",
    (_name, subject) => {
      for (const text of RUNS) expect(() => subject(text)).not.toThrow();
      fc.assert(
        fc.property(hostileText, (text) => {
          expect(() => subject(text)).not.toThrow();
        }),
        { numRuns: 25, seed: 20_261_124 },
      );
    },
    20_000,
  );
});
