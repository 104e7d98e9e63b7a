import { describe, expect, it } from "vitest";
import {
  findLinks,
  isDisposableAddress,
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
    expect(codes({ company: "Labels.com Inc." })).toEqual([]);
  });

  it("holds a message that is mostly links", () => {
    const message = "see https://a.example/one https://b.example/two";
    expect(codes({ message })).toEqual(["mostly_links"]);
    expect(verdict({ message }).held).toBe(true);
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
      message: "Bitcoin payments accepted for labels.",
    });
    expect(withPhrase.reasons.map((reason) => reason.code)).toEqual(["disposable_email", "spam_phrase"]);
    expect(withPhrase.held).toBe(true);
  });

  it("finds known spam phrases as whole words: one is a signal, two hold", () => {
    expect(codes({ message: "We offer SEO services for your site." })).toEqual(["spam_phrase"]);
    expect(verdict({ message: "We offer SEO services for your site." }).held).toBe(false);
    expect(
      verdict({ message: "Our SEO services put you on the first page of google, guaranteed." }).held,
    ).toBe(true);
    // Part of a word is not the phrase.
    expect(codes({ message: "Labels for cryptographic key cards and casinos? No: casino chips." })).toEqual([
      "spam_phrase",
    ]);
    expect(codes({ message: "Labels for cryptographic key cards." })).toEqual([]);
  });

  it("finds links with a scheme, www. hosts and forum markup, not plain words with dots", () => {
    expect(findLinks("a http://x.example/b, www.y.example and [url=z] <a href='q'>")).toHaveLength(4);
    expect(findLinks("Part no. 4.5 x 6 in, e.g. rolls")).toEqual([]);
  });

  it("hashes a message the same whatever its case and spacing", () => {
    expect(spamMessageHash("Buy  CHEAP\nlabels ")).toBe(spamMessageHash("buy cheap labels"));
    expect(spamMessageHash("buy cheap labels")).not.toBe(spamMessageHash("buy cheap tags"));
  });
});
