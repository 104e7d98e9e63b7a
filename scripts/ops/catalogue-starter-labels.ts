/*
 * The starter range's labels and ribbons (docs/catalogue.md#the-starter-range): tables of the
 * industry's stock sizes, turned into rows.
 */
import type { CatalogueItem } from "~/features/catalogue/model";

export type StarterItem = Omit<CatalogueItem, "priceBreaks" | "status" | "minimumOrder"> &
  Partial<Pick<CatalogueItem, "minimumOrder" | "status" | "replacementSku">>;

/** 4 -> "4", 2.25 -> "2.25": the size as a sku and a name write it. */
const n = (value: number) => String(value);
const size = (w: number, h: number) => `${n(w)} x ${n(h)} in`;

/** Label length on a roll: the wound length over the pitch (label plus a 1/8-inch gap), rounded down to a stock count. */
function labelsPerRoll(height: number, core: number, outside: number): number {
  const thickness = 0.0055;
  const length = (Math.PI * (outside ** 2 - (core + 0.4) ** 2)) / (4 * thickness);
  const count = length / (height + 0.125);
  const steps = [100, 250, 500, 750, 1000, 1500, 2000, 2500, 3000, 4000, 5000, 6000, 7500, 10000];
  return steps.filter((step) => step <= count).at(-1) ?? 100;
}

function rollsPerCase(width: number, core: number): number {
  if (core >= 3) return width >= 4 ? 4 : width >= 3 ? 6 : 8;
  return width >= 4 ? 12 : 24;
}

const DT_SIZES: [number, number][] = [
  [1, 0.5],
  [1.25, 1],
  [1.5, 1],
  [2, 1],
  [2, 0.5],
  [2.25, 0.75],
  [2.25, 1.25],
  [2.25, 2],
  [2.25, 4],
  [3, 1],
  [3, 2],
  [3, 3],
  [3, 5],
  [4, 1],
  [4, 2],
  [4, 3],
  [4, 4],
  [4, 5],
  [4, 6],
  [4, 6.5],
  [4, 8],
];
const DESKTOP_DT: [number, number][] = [
  [1, 0.5],
  [1.25, 1],
  [2, 1],
  [2.25, 1.25],
  [2.25, 4],
  [3, 1],
  [3, 2],
  [4, 2],
  [4, 3],
  [4, 4],
  [4, 6],
];
const TOP_COATED: [number, number][] = [
  [2, 1],
  [2.25, 1.25],
  [3, 1],
  [3, 2],
  [4, 2],
  [4, 3],
  [4, 4],
  [4, 6],
];
const FREEZER: [number, number][] = [
  [2, 1],
  [3, 2],
  [4, 3],
  [4, 6],
];
const TT_SIZES: [number, number][] = [
  [1, 0.5],
  [1.5, 0.5],
  [2, 1],
  [2, 0.75],
  [2.5, 1],
  [3, 1],
  [3, 2],
  [3, 3],
  [4, 1],
  [4, 2],
  [4, 3],
  [4, 4],
  [4, 6],
  [4, 6.5],
  [6, 4],
];
const SYNTHETIC_SIZES: [number, number][] = [
  [1, 0.5],
  [2, 1],
  [3, 1],
  [3, 2],
  [4, 2],
  [4, 3],
  [4, 6],
];

interface LabelLine {
  prefix: string;
  family: "direct-thermal-labels" | "thermal-transfer-labels";
  face: string;
  sizes: [number, number][];
  cores: number[];
  adhesive?: string;
  suffix?: string;
  perforated?: boolean;
}

const LABEL_LINES: LabelLine[] = [
  {
    prefix: "RDT",
    family: "direct-thermal-labels",
    face: "Direct thermal paper",
    sizes: DT_SIZES,
    cores: [3],
  },
  {
    prefix: "RDT",
    family: "direct-thermal-labels",
    face: "Direct thermal paper",
    sizes: DESKTOP_DT,
    cores: [1],
  },
  {
    prefix: "RDT",
    family: "direct-thermal-labels",
    face: "Direct thermal paper",
    sizes: [[4, 6]],
    cores: [1, 3],
    perforated: true,
    suffix: "P",
  },
  {
    prefix: "RDC",
    family: "direct-thermal-labels",
    face: "Top-coated direct thermal paper",
    sizes: TOP_COATED,
    cores: [3],
  },
  {
    prefix: "RDF",
    family: "direct-thermal-labels",
    face: "Direct thermal paper",
    sizes: FREEZER,
    cores: [3],
    adhesive: "Freezer",
  },
  {
    prefix: "RDR",
    family: "direct-thermal-labels",
    face: "Direct thermal paper",
    sizes: [
      [2, 1],
      [4, 6],
    ],
    cores: [1],
    adhesive: "Removable",
  },
  {
    prefix: "RDP",
    family: "direct-thermal-labels",
    face: "Direct thermal polypropylene",
    sizes: [
      [2, 1],
      [3, 2],
      [4, 3],
      [4, 6],
    ],
    cores: [3],
  },
  {
    prefix: "RTT",
    family: "thermal-transfer-labels",
    face: "Thermal transfer paper",
    sizes: TT_SIZES,
    cores: [3],
  },
  {
    prefix: "RTT",
    family: "thermal-transfer-labels",
    face: "Thermal transfer paper",
    sizes: [
      [2, 1],
      [3, 1],
      [4, 2],
      [4, 6],
    ],
    cores: [1],
  },
  {
    prefix: "RTP",
    family: "thermal-transfer-labels",
    face: "Thermal transfer polypropylene",
    sizes: SYNTHETIC_SIZES,
    cores: [3],
  },
  {
    prefix: "RTE",
    family: "thermal-transfer-labels",
    face: "Thermal transfer polyester",
    sizes: SYNTHETIC_SIZES,
    cores: [3],
  },
  {
    prefix: "RTF",
    family: "thermal-transfer-labels",
    face: "Thermal transfer paper",
    sizes: [
      [3, 2],
      [4, 6],
    ],
    cores: [3],
    adhesive: "Freezer",
  },
];

export function labelItems(): StarterItem[] {
  return LABEL_LINES.flatMap((line) =>
    line.sizes.flatMap(([width, height]) =>
      line.cores.map((core): StarterItem => {
        const outside = core >= 3 ? 8 : 5;
        const perRoll = labelsPerRoll(height, core, outside);
        const rolls = rollsPerCase(width, core);
        const adhesive = line.adhesive ?? "Permanent";
        const method = line.family === "direct-thermal-labels" ? "direct thermal" : "thermal transfer";
        return {
          sku: `${line.prefix}-${n(width)}X${n(height)}-${core}C${line.suffix ? `-${line.suffix}` : ""}`,
          family: line.family,
          name: `${size(width, height)} ${line.face.toLowerCase()} labels, ${adhesive.toLowerCase()}, ${core} in core${line.perforated ? ", perforated" : ""}`,
          attributes: {
            width: n(width),
            height: n(height),
            face_stock: line.face,
            adhesive,
            core: n(core),
            outside_diameter: n(outside),
            labels_per_roll: n(perRoll),
            rolls_per_case: n(rolls),
            perforation: line.perforated ? "Perforated between labels" : "Not perforated",
          },
          unit: "case",
          pack: `case of ${rolls} rolls, ${perRoll.toLocaleString("en-US")} ${method} labels per roll`,
        };
      }),
    ),
  );
}

/** Ribbon widths: the millimetre size the trade names them by, and inches. */
const MM: Record<number, number> = { 60: 2.36, 83: 3.27, 110: 4.33, 131: 5.16, 154: 6.06, 174: 6.85 };
const INKS = [
  { ink: "Wax", code: "W", use: "paper labels" },
  { ink: "Wax/resin", code: "X", use: "coated paper and synthetic labels" },
  { ink: "Resin", code: "R", use: "polyester and polypropylene labels" },
];
const RIBBON_LINES = [
  {
    widths: [60, 83, 110],
    length: 74,
    core: 0.5,
    side: "Out",
    rolls: 12,
    printers: "Zebra ZD421t, ZD411t, GK420t, GX430t",
  },
  { widths: [60, 110], length: 300, core: 1, side: "Out", rolls: 12, printers: "Zebra ZD621t, ZD620t" },
  {
    widths: [60, 83, 110],
    length: 450,
    core: 1,
    side: "In",
    rolls: 6,
    printers: "Zebra ZT411, ZT231, ZT610, ZT510",
  },
  { widths: [131, 154, 174], length: 450, core: 1, side: "In", rolls: 6, printers: "Zebra ZT421, ZT620" },
  {
    widths: [110],
    length: 450,
    core: 1,
    side: "Out",
    rolls: 6,
    printers: "SATO CL4NX Plus; Honeywell PM45, PX940",
  },
];

export function ribbonItems(): StarterItem[] {
  return RIBBON_LINES.flatMap((line) =>
    line.widths.flatMap((mm) =>
      INKS.map(
        ({ ink, code, use }): StarterItem => ({
          sku: `RB${code}-${mm}-${line.length}-${line.side === "In" ? "I" : "O"}`,
          family: "thermal-transfer-ribbons",
          name: `${ink} ribbon ${mm} mm x ${line.length} m (${n(MM[mm] ?? 0)} in), ink ${line.side.toLowerCase()}, for ${use}`,
          attributes: {
            width: n(MM[mm] ?? 0),
            length: n(line.length),
            ink,
            ink_side: line.side,
            core: n(line.core),
            rolls_per_case: n(line.rolls),
            matching_printers: line.printers,
          },
          unit: "case",
          pack: `case of ${line.rolls} rolls`,
        }),
      ),
    ),
  );
}
