/*
 * The starter range's printers and scanners (docs/catalogue.md#the-starter-range): the makers' current
 * models, with the maker's model as its part number.
 */
import type { StarterItem } from "./catalogue-starter-labels";

/** 4 -> "4", 2.25 -> "2.25". */
const n = (value: number) => String(value);

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
