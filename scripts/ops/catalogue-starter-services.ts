/*
 * The starter range's warehouse labeling, printer repair and PPE (docs/catalogue.md#the-starter-range).
 */
import type { StarterItem } from "./catalogue-starter-labels";

const n = (value: number) => String(value);

const RACK_LINES: [type: string, code: string, face: string, adhesive: string, sizes: [number, number][]][] =
  [
    [
      "Beam label",
      "BM",
      "Polyester",
      "Permanent",
      [
        [1, 3],
        [1.25, 4],
        [2, 4],
        [2, 6],
        [3, 4],
        [3, 6],
        [4, 6],
      ],
    ],
    [
      "Magnetic label",
      "MG",
      "Magnetic vinyl",
      "Magnetic backing",
      [
        [1, 3],
        [1.25, 4],
        [2, 4],
        [2, 6],
        [3, 6],
      ],
    ],
    [
      "Cold storage label",
      "CS",
      "Polypropylene",
      "Freezer",
      [
        [1.25, 4],
        [2, 4],
        [3, 6],
      ],
    ],
    [
      "Retroreflective label",
      "RR",
      "Retroreflective film",
      "Permanent",
      [
        [3, 6],
        [4, 6],
        [6, 8],
        [8, 10],
      ],
    ],
    [
      "Bin label",
      "BN",
      "Polyester",
      "Permanent",
      [
        [0.75, 3],
        [1, 2],
        [1, 3],
      ],
    ],
  ];

export function warehouseItems(): StarterItem[] {
  const racks = RACK_LINES.flatMap(([type, code, face, adhesive, sizes]) =>
    sizes.map(
      ([height, width]): StarterItem => ({
        sku: `WL-${code}-${n(width)}X${n(height)}`,
        family: "rack-labels",
        name: `${type}, ${n(width)} x ${n(height)} in, ${face.toLowerCase()}, printed with your locations and barcodes`,
        attributes: { width: n(width), height: n(height), label_type: type, face_stock: face, adhesive },
        unit: "label",
        pack: "printed to order, one label per location",
        minimumOrder: 100,
      }),
    ),
  );
  const signs: [string, string, number, number, string, string][] = [
    ["WS-AS-1218", "Aisle sign", 12, 18, "Corrugated plastic", "Hanging"],
    ["WS-AS-1824", "Aisle sign", 18, 24, "Corrugated plastic", "Hanging"],
    ["WS-AS-2436", "Aisle sign", 24, 36, "Aluminum", "Hanging"],
    ["WS-AS-1824A", "Aisle sign", 18, 24, "Aluminum", "Hanging"],
    ["WS-DD-1824", "Dock door sign", 18, 24, "Aluminum", "Wall"],
    ["WS-DD-2424", "Dock door sign", 24, 24, "Rigid PVC", "Wall"],
    ["WS-PC-1014", "Placard", 10, 14, "Rigid PVC", "Wall"],
    ["WS-PC-8511", "Placard", 8.5, 11, "Rigid PVC", "Wall"],
    ["WS-FM-1212", "Floor marker", 12, 12, "Floor-grade polyester", "Floor"],
    ["WS-FM-1218", "Floor marker", 12, 18, "Floor-grade polyester", "Floor"],
    ["WS-FM-66", "Floor marker", 6, 6, "Floor-grade polyester", "Floor"],
    ["WS-FM-416", "Floor marker", 4, 16, "Floor-grade polyester", "Floor"],
  ];
  return [
    ...racks,
    ...signs.map(
      ([sku, type, width, height, material, mounting]): StarterItem => ({
        sku,
        family: "warehouse-signs",
        name: `${type}, ${n(width)} x ${n(height)} in, ${material.toLowerCase()}, printed to your layout`,
        attributes: {
          width: n(width),
          height: n(height),
          sign_type: type,
          sign_material: material,
          mounting,
        },
        unit: "each",
        pack: "one sign",
        minimumOrder: type === "Floor marker" ? 10 : 1,
      }),
    ),
  ];
}

const HEADS: [model: string, resolutions: string[]][] = [
  ["ZT411", ["203 dpi", "300 dpi", "600 dpi"]],
  ["ZT421", ["203 dpi", "300 dpi"]],
  ["ZT231", ["203 dpi", "300 dpi"]],
  ["ZT610", ["203 dpi", "300 dpi", "600 dpi"]],
  ["ZT620", ["203 dpi", "300 dpi"]],
  ["ZD421t", ["203 dpi", "300 dpi"]],
  ["ZD621t", ["203 dpi", "300 dpi"]],
  ["GK420t", ["203 dpi"]],
];
const PLATENS = ["ZT411", "ZT421", "ZT231", "ZT610", "ZD421", "ZD621", "GK420", "ZQ521"];
const SERVICES: [code: string, service: string, text: string][] = [
  ["DG", "Diagnostics", "bench diagnosis with a written repair quote"],
  ["DR", "Depot repair", "repair at our bench after diagnosis, tested with your labels and ribbon"],
  ["PH", "Printhead replacement", "printhead fitted, calibrated and test-printed"],
  ["PM", "Preventive maintenance", "cleaning, wear-part check, calibration and test print"],
  ["SC", "Setup and configuration", "media, ribbon, network and driver setup for your labels"],
];

export function repairItems(): StarterItem[] {
  const heads = HEADS.flatMap(([model, resolutions]) =>
    resolutions.map(
      (resolution): StarterItem => ({
        sku: `PH-${model.toUpperCase()}-${resolution.slice(0, 3)}`,
        family: "printheads",
        name: `Replacement printhead, ${resolution}, for Zebra ${model}`,
        attributes: { resolution, matching_printers: `Zebra ${model}` },
        unit: "each",
        pack: "one printhead",
      }),
    ),
  );
  const platens = PLATENS.map(
    (model): StarterItem => ({
      sku: `PL-${model}`,
      family: "platen-rollers",
      name: `Platen roller for Zebra ${model} series`,
      attributes: { matching_printers: `Zebra ${model} series` },
      unit: "each",
      pack: "one roller",
    }),
  );
  const services = SERVICES.flatMap(([code, service, text]) =>
    (["Desktop", "Industrial", "Mobile"] as const).map(
      (printerClass): StarterItem => ({
        sku: `SV-${code}-${printerClass.slice(0, 3).toUpperCase()}`,
        family: "printer-repair-services",
        name: `${service}, ${printerClass.toLowerCase()} printer: ${text}`,
        attributes: { service, printer_class: printerClass },
        unit: "service",
        pack: "one printer",
      }),
    ),
  );
  return [...heads, ...platens, ...services];
}

const SIZES = ["S", "M", "L", "XL", "2XL", "3XL", "4XL"];
const SUITS: [code: string, material: string, style: string, color: string][] = [
  ["PPC", "Polypropylene", "Collar", "White"],
  ["PPH", "Polypropylene", "Hood", "White"],
  ["SMH", "SMS polypropylene", "Hood", "White"],
  ["SMB", "SMS polypropylene", "Hood and boots", "White"],
  ["SMHB", "SMS polypropylene", "Hood", "Blue"],
  ["MFH", "Microporous film laminate", "Hood", "White"],
  ["MFB", "Microporous film laminate", "Hood and boots", "White"],
];

export function ppeItems(): StarterItem[] {
  const suits = SUITS.flatMap(([code, material, style, color]) =>
    SIZES.map(
      (size): StarterItem => ({
        sku: `CV-${code}-${size}`,
        family: "disposable-coveralls",
        name: `Disposable coverall, ${material}, ${style.toLowerCase()}, elastic wrists${style === "Hood and boots" ? "" : " and ankles"}, ${color.toLowerCase()}, size ${size}`,
        attributes: { size, suit_material: material, suit_style: style, color, per_case: "25" },
        unit: "case",
        pack: "case of 25",
      }),
    ),
  );
  const coats = ["M", "L", "XL", "2XL", "3XL"].map(
    (size): StarterItem => ({
      sku: `PA-LC-${size}`,
      family: "protective-accessories",
      name: `Disposable lab coat, SMS polypropylene, snap front, size ${size}`,
      attributes: { accessory_type: "Lab coat", size, suit_material: "SMS polypropylene", per_case: "30" },
      unit: "case",
      pack: "case of 30",
    }),
  );
  const covers: [string, string, string, number, string][] = [
    ["PA-SL18", "Sleeve cover", "Polyethylene", 200, "18 in sleeve cover, elastic both ends"],
    ["PA-SL18P", "Sleeve cover", "Polypropylene", 200, "18 in sleeve cover, elastic both ends"],
    ["PA-HD", "Hood", "Polypropylene", 100, "Hood with elastic face opening"],
    ["PA-AP", "Apron", "Polyethylene", 100, "Apron, 28 x 46 in, tie back"],
    ["PA-SC", "Shoe cover", "Polypropylene", 300, "Shoe cover, elastic opening"],
    ["PA-SCN", "Shoe cover", "Microporous film laminate", 300, "Shoe cover, elastic opening, non-skid sole"],
    ["PA-BC", "Boot cover", "Polypropylene", 200, "Boot cover, 18 in, tie top"],
    ["PA-BCM", "Boot cover", "Microporous film laminate", 100, "Boot cover, 18 in, elastic top"],
  ];
  return [
    ...suits,
    ...coats,
    ...covers.map(
      ([sku, type, material, count, text]): StarterItem => ({
        sku,
        family: "protective-accessories",
        name: `${text}, ${material.toLowerCase()}, one size`,
        attributes: { accessory_type: type, size: "Universal", suit_material: material, per_case: n(count) },
        unit: "case",
        pack: `case of ${count}`,
      }),
    ),
  ];
}
