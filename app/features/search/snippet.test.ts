import { describe, expect, it } from "vitest";
import type { TextPiece } from "~/lib/search-types";
import { highlight, prepareText, snippet } from "./snippet.server";

const text = (pieces: readonly TextPiece[]) => pieces.map((piece) => piece.text).join("");
const marks = (pieces: readonly TextPiece[]) =>
  pieces.filter((piece) => piece.mark).map((piece) => piece.text);

const filler = (words: number) => Array.from({ length: words }, (_, index) => `word${index}`).join(" ");

describe("highlight", () => {
  it("marks every form of a matched word, and nothing else", () => {
    const pieces = highlight(prepareText("Labels, labeling and a LABEL printer"), new Set(["label"]));
    expect(marks(pieces)).toEqual(["Labels", "labeling", "LABEL"]);
    expect(text(pieces)).toBe("Labels, labeling and a LABEL printer");
  });

  it("marks a size or part number as it is written", () => {
    expect(
      marks(highlight(prepareText('Fits the ZT-410 and 4" x 6" rolls'), new Set(["zt410", "4x6"]))),
    ).toEqual(["ZT-410", '4" x 6"']);
  });
});

describe("snippet", () => {
  it("shows the start of the text when nothing in it matched", () => {
    const result = snippet(prepareText(`Opening words ${filler(80)}`), new Set(["absent"]));
    expect(result.at).toBe(-1);
    expect(text(result.pieces).startsWith("Opening words")).toBe(true);
    expect(text(result.pieces).endsWith(" …")).toBe(true);
  });

  it("cuts around a match far into the text, on word boundaries, with ellipses", () => {
    const source = `${filler(100)} the cryogenic freezer ${filler(100)}`;
    const result = snippet(prepareText(source), new Set(["cryogen"]));
    const shown = text(result.pieces);
    expect(marks(result.pieces)).toEqual(["cryogenic"]);
    expect(shown.startsWith("… word")).toBe(true);
    expect(shown.endsWith(" …")).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(210);
    expect(source.slice(result.at, result.at + 9)).toBe("cryogenic");
    for (const piece of shown.replace(/^… | …$/g, "").split(" ")) expect(source).toContain(piece);
  });

  it("prefers the place where more of the words stand together", () => {
    const source = `foam here ${filler(60)} foam and tape together ${filler(60)}`;
    const result = snippet(prepareText(source), new Set(["foam", "tape"]));
    expect(marks(result.pieces)).toEqual(["foam", "tape"]);
  });

  it("prefers the word that was typed over one found through a typo", () => {
    const source = `skived foam ${filler(60)} a skiver splits foam`;
    const result = snippet(prepareText(source), new Set(["skive", "skived", "skiver"]), new Set(["skiver"]));
    expect(marks(result.pieces)).toContain("skiver");
  });

  it("shows line breaks as spaces", () => {
    expect(text(snippet(prepareText("one\n\ntwo\tthree"), new Set(["two"])).pieces)).toBe("one two three");
  });
});
