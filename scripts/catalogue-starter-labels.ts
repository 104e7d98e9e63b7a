/*
 * The starter range's labels, ribbons, printers and scanners (docs/catalogue.md#the-starter-range):
 * tables of the industry's stock sizes and the makers' current models, turned into rows.
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

type Printer = [
  make: string,
  model: string,
  method: string,
  resolutions: string[],
  width: number,
  interfaces: string,
];

const DESKTOP: Printer[] = [
  [
    "Zebra",
    "ZD421d",
    "Direct thermal",
    ["203 dpi", "300 dpi"],
    4.09,
    "USB, USB host, Bluetooth LE; Ethernet or Wi-Fi optional",
  ],
  [
    "Zebra",
    "ZD421t",
    "Thermal transfer",
    ["203 dpi", "300 dpi"],
    4.09,
    "USB, USB host, Bluetooth LE; Ethernet or Wi-Fi optional",
  ],
  [
    "Zebra",
    "ZD411d",
    "Direct thermal",
    ["203 dpi", "300 dpi"],
    2.2,
    "USB, USB host, Bluetooth LE; Ethernet or Wi-Fi optional",
  ],
  [
    "Zebra",
    "ZD621d",
    "Direct thermal",
    ["203 dpi", "300 dpi"],
    4.09,
    "USB, USB host, serial, Ethernet, Bluetooth LE",
  ],
  [
    "Zebra",
    "ZD621t",
    "Thermal transfer",
    ["203 dpi", "300 dpi"],
    4.09,
    "USB, USB host, serial, Ethernet, Bluetooth LE",
  ],
  ["Zebra", "ZD230d", "Direct thermal", ["203 dpi"], 4.09, "USB; Ethernet optional"],
  ["Honeywell", "PC42t", "Thermal transfer", ["203 dpi"], 4.1, "USB; Ethernet optional"],
  ["Honeywell", "PC45d", "Direct thermal", ["203 dpi", "300 dpi"], 4.1, "USB, USB host, Ethernet"],
  ["TSC", "TE210", "Thermal transfer", ["203 dpi"], 4.25, "USB, serial, Ethernet"],
];
const INDUSTRIAL: Printer[] = [
  ["Zebra", "ZT231", "Thermal transfer", ["203 dpi", "300 dpi"], 4.09, "USB, serial, Ethernet, Bluetooth LE"],
  [
    "Zebra",
    "ZT411",
    "Thermal transfer",
    ["203 dpi", "300 dpi", "600 dpi"],
    4.09,
    "USB, serial, Ethernet, Bluetooth",
  ],
  ["Zebra", "ZT421", "Thermal transfer", ["203 dpi", "300 dpi"], 6.6, "USB, serial, Ethernet, Bluetooth"],
  [
    "Zebra",
    "ZT610",
    "Thermal transfer",
    ["203 dpi", "300 dpi", "600 dpi"],
    4.09,
    "USB, serial, Ethernet, Bluetooth",
  ],
  ["Zebra", "ZT620", "Thermal transfer", ["203 dpi", "300 dpi"], 6.6, "USB, serial, Ethernet, Bluetooth"],
  ["Honeywell", "PM45", "Thermal transfer", ["203 dpi", "300 dpi"], 4.1, "USB, serial, Ethernet"],
  ["Honeywell", "PX940", "Thermal transfer", ["300 dpi"], 4.1, "USB, serial, Ethernet"],
  [
    "SATO",
    "CL4NX Plus",
    "Thermal transfer",
    ["203 dpi", "300 dpi", "600 dpi"],
    4.1,
    "USB, Ethernet, Bluetooth",
  ],
];
const MOBILE: Printer[] = [
  ["Zebra", "ZQ521", "Direct thermal", ["203 dpi"], 4.1, "USB, Bluetooth; Wi-Fi optional"],
  ["Zebra", "ZQ511", "Direct thermal", ["203 dpi"], 2.8, "USB, Bluetooth; Wi-Fi optional"],
  ["Zebra", "ZQ630 Plus", "Direct thermal", ["203 dpi"], 4.1, "USB, Bluetooth, Wi-Fi"],
  ["Zebra", "ZQ620 Plus", "Direct thermal", ["203 dpi"], 2.8, "USB, Bluetooth, Wi-Fi"],
  ["Honeywell", "RP4e", "Direct thermal", ["203 dpi"], 4.1, "USB, Bluetooth; Wi-Fi optional"],
];

function printerRows(printers: Printer[], family: string, prefix: string, kind: string): StarterItem[] {
  return printers.flatMap(([make, model, method, resolutions, width, interfaces]) =>
    resolutions.map(
      (resolution): StarterItem => ({
        sku: `${prefix}-${model.replace(/\s+/g, "").toUpperCase()}-${resolution.slice(0, 3)}`,
        family,
        name: `${make} ${model} ${kind}, ${method.toLowerCase()}, ${resolution}`,
        attributes: {
          make,
          model,
          ...(family === "desktop-printers" ? { print_method: method } : {}),
          resolution,
          max_print_width: n(width),
          interfaces,
        },
        make,
        makePartNumber: model,
        unit: "each",
        pack: "one printer",
      }),
    ),
  );
}

const SCANNERS: [string, string, string, string, string][] = [
  ["Zebra", "LI2208", "1D linear imager", "Handheld corded", "USB, RS-232, keyboard wedge"],
  ["Zebra", "DS2208", "2D area imager", "Handheld corded", "USB, RS-232, keyboard wedge"],
  ["Zebra", "DS2278", "2D area imager", "Handheld cordless", "Bluetooth to a USB cradle"],
  ["Zebra", "DS4608", "2D area imager", "Handheld corded", "USB, RS-232, keyboard wedge"],
  ["Zebra", "DS8178", "2D area imager", "Handheld cordless", "Bluetooth to a USB cradle"],
  ["Zebra", "DS3608-ER", "2D extended-range imager", "Handheld corded", "USB, RS-232"],
  ["Zebra", "DS9308", "2D area imager", "Presentation", "USB, RS-232, keyboard wedge"],
  ["Honeywell", "Voyager 1250g", "1D linear imager", "Handheld corded", "USB, RS-232, keyboard wedge"],
  ["Honeywell", "Voyager 1450g", "2D area imager", "Handheld corded", "USB, RS-232, keyboard wedge"],
  ["Honeywell", "Xenon 1950g", "2D area imager", "Handheld corded", "USB, RS-232, keyboard wedge"],
  ["Honeywell", "Granit 1911i", "2D area imager", "Handheld cordless", "Bluetooth to a USB base"],
  ["Honeywell", "Granit 1991iXR", "2D extended-range imager", "Handheld cordless", "Bluetooth to a USB base"],
  ["Datalogic", "QuickScan QD2430", "2D area imager", "Handheld corded", "USB, RS-232, keyboard wedge"],
  ["Datalogic", "Gryphon GD4520", "2D area imager", "Handheld corded", "USB, RS-232, keyboard wedge"],
];

export function equipmentItems(): StarterItem[] {
  return [
    ...printerRows(DESKTOP, "desktop-printers", "PRD", "desktop printer"),
    ...printerRows(INDUSTRIAL, "industrial-printers", "PRI", "industrial printer"),
    ...printerRows(MOBILE, "mobile-printers", "PRM", "mobile printer"),
    ...SCANNERS.map(
      ([make, model, engine, style, interfaces]): StarterItem => ({
        sku: `SCN-${(model.split(" ").at(-1) ?? model).toUpperCase()}`,
        family: "barcode-scanners",
        name: `${make} ${model} ${style.toLowerCase()} scanner, ${engine.toLowerCase()}`,
        attributes: { make, model, scan_engine: engine, style, interfaces },
        make,
        makePartNumber: model.split(" ").at(-1) ?? model,
        unit: "each",
        pack: style === "Handheld cordless" ? "scanner with its cradle or base" : "one scanner",
      }),
    ),
  ];
}
