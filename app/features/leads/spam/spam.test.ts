import { describe, expect, it } from "vitest";
import {
  findLinks,
  isDisposableAddress,
  otherSenders,
  REPEAT_MIN_LENGTH,
  SPAM_THRESHOLD,
  type SpamInput,
  scoreText,
  spamMessageHash,
  verdictOf,
} from "./spam.server";

const buyer: SpamInput = {
  name: "Jane Park",
  company: "Lakeside Foods Plant 3",
  email: "jane.park@lakesidefoods.com",
  message:
    "We need 4x6 direct thermal labels for our new line, about 40 rolls a month. The current ones are on https://www.lakesidefoods.com/packaging if that helps. Can you quote with 1 inch cores?",
  repeatText: "",
};
const verdict = (input: Partial<SpamInput>) => verdictOf(scoreText({ ...buyer, ...input }));
const codes = (input: Partial<SpamInput>) => verdict(input).reasons.map((reason) => reason.code);

describe("spam rules (docs/spam.md)", () => {
  it("does not hold a buyer's message with one link to their own site and their company's domain", () => {
    expect(verdict({})).toEqual({ held: false, score: 0, reasons: [] });
  });

  it("holds a name that is a link, whatever the message", () => {
    expect(verdict({ name: "http://spam.example" })).toMatchObject({ held: true, score: SPAM_THRESHOLD });
    expect(codes({ name: "http://spam.example" })).toEqual(["link_in_name"]);
    expect(codes({ name: "Visit www.cheap-pills.example today" })).toEqual(["link_in_name"]);
  });

  it("holds a company that is a link, and leaves a company named after its domain", () => {
    expect(codes({ company: "https://rank-you-first.example" })).toEqual(["link_in_company"]);
    expect(verdict({ company: "https://rank-you-first.example" }).held).toBe(true);
    expect(verdict({ company: "[url=https://rank.example]Rank[/url] Ltd" }).held).toBe(true);
    expect(codes({ company: "Labels.com Inc." })).toEqual([]);
  });

  it("counts a company written with its site beside its name as a signal that alone does not hold", () => {
    expect(verdict({ company: "Acme Packaging (www.acmepack.com)" })).toMatchObject({
      held: false,
      score: 2,
    });
  });

  it("counts a message that is mostly links as a signal, held only with many links or another signal", () => {
    const message = "see https://a.example/one https://b.example/two";
    expect(codes({ message })).toEqual(["mostly_links"]);
    expect(verdict({ message }).held).toBe(false);
    const pitch = [1, 2, 3, 4, 5].map((n) => `https://deal${n}.example/offer`).join(" ");
    expect(codes({ message: `Great deals ${pitch}` })).toEqual(["mostly_links", "many_links"]);
    expect(verdict({ message: `Great deals ${pitch}` }).held).toBe(true);
  });

  it("counts a message of one link as a signal that alone does not hold (a product page as a quote row)", () => {
    const message = "https://www.example-supplier.com/product/4x6-direct-thermal-labels";
    expect(verdict({ message })).toMatchObject({ held: false, score: 3 });
    expect(verdict({ message, email: "x@mailinator.com" }).held).toBe(true);
  });

  it("counts more than three links as a signal that alone does not hold", () => {
    const message = `Please compare the labels we use now:\n${[1, 2, 3, 4].map((n) => `production line ${n} runs 4x6 direct thermal labels on 1 inch cores, photo at https://lakesidefoods.com/${n}`).join("\n")}`;
    expect(codes({ message })).toEqual(["many_links"]);
    expect(verdict({ message }).held).toBe(false);
  });

  it("marks a disposable address, holding it only with one more signal", () => {
    expect(isDisposableAddress("someone@mailinator.com")).toBe(true);
    expect(isDisposableAddress("someone@sub.mailinator.com")).toBe(true);
    expect(isDisposableAddress("jane.park@lakesidefoods.com")).toBe(false);
    expect(verdict({ email: "x@mailinator.com" })).toMatchObject({ held: false, score: 3 });
    const withPhrase = verdict({
      email: "x@mailinator.com",
      message: "Our SEO services for your labels.",
    });
    expect(withPhrase.reasons.map((reason) => reason.code)).toEqual(["disposable_email", "spam_phrase"]);
    expect(withPhrase.held).toBe(true);
  });

  it("does not take forwarding and privacy services for throwaway ones", () => {
    for (const email of ["tom@consultant.com", "sue@duck.com", "x.y@mozmail.com", "a@slmail.me"]) {
      expect(isDisposableAddress(email)).toBe(false);
    }
  });

  it("finds known spam phrases as whole words: one is a signal, two hold", () => {
    expect(codes({ message: "We offer SEO services for your site." })).toEqual(["spam_phrase"]);
    expect(verdict({ message: "We offer SEO services for your site." }).held).toBe(false);
    expect(
      verdict({ message: "Our SEO services put you on the first page of google, guaranteed." }).held,
    ).toBe(true);
    // Part of a word is not the phrase.
    expect(codes({ message: "Backlinks? No: backlinksmith, our forklift." })).toEqual(["spam_phrase"]);
    expect(codes({ message: "Our backlinksmith forklift." })).toEqual([]);
  });

  it("does not take a trade's own name for a pitch (a casino, a bitcoin mining firm)", () => {
    const casino = "Lucky Star Casino needs 20,000 4x6 labels for its cage and warehouse, bitcoin or card.";
    expect(codes({ company: "Lucky Star Casino & Resort", message: casino })).toEqual([]);
    expect(codes({ company: "Northern Bitcoin Mining LLC", message: "Shipping boxes 24x18x12." })).toEqual(
      [],
    );
  });

  it("finds links with a scheme, www. hosts and forum markup, not plain words with dots", () => {
    expect(findLinks("a http://x.example/b, www.y.example and [url=z] <a href='q'>")).toHaveLength(4);
    expect(findLinks("Part no. 4.5 x 6 in, e.g. rolls")).toEqual([]);
  });

  it("hashes a message the same whatever its case and spacing, and short text not at all", () => {
    const long = "Buy cheap labels from our warehouse today, wholesale prices for every business in town";
    expect(spamMessageHash(long.toUpperCase().replaceAll(" ", "  \n"))).toBe(spamMessageHash(long));
    expect(spamMessageHash(long)).not.toBe(spamMessageHash(long.replace("labels", "tags")));
    expect(spamMessageHash("Please send me a quote.")).toBeNull();
    expect(spamMessageHash("4x6 direct thermal labels")).toBeNull();
    expect(spamMessageHash("x".repeat(REPEAT_MIN_LENGTH - 1))).toBeNull();
  });

  it("counts each other sender once, by client and by address, never this lead's own client", () => {
    const me = { clientKey: "buyer", email: "dana@lakesidefoods.com" };
    const attacker = (email: string) => ({ clientKey: "attacker", email });
    expect(otherSenders(me, [attacker("a@one.example"), attacker("b@two.example")])).toBe(1);
    expect(otherSenders(me, [{ clientKey: "buyer", email: "x@other.example" }])).toBe(0);
    expect(otherSenders(me, [{ clientKey: "c", email: "DANA@lakesidefoods.com" }])).toBe(0);
    expect(
      otherSenders(me, [
        { clientKey: "c", email: "a@one.example" },
        { clientKey: "d", email: "a@one.example" },
        { clientKey: "e", email: "e@five.example" },
      ]),
    ).toBe(2);
  });
});
