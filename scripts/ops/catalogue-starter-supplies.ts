/*
 * The starter range's packaging, foam, material handling, warehouse labeling, printer repair and PPE
 * (docs/catalogue.md#the-starter-range): tables of stock sizes turned into rows.
 */
import type { StarterItem } from "./catalogue-starter-labels";

const n = (value: number) => String(value);

const HAND_FILM: [width: number, gauge: number, feet: number][] = [
  [12, 80, 1500],
  [15, 60, 1500],
  [15, 80, 1500],
  [18, 60, 1500],
  [18, 70, 1500],
  [18, 80, 1500],
  [18, 90, 1500],
  [18, 80, 1000],
  [20, 80, 1000],
  [20, 90, 1000],
];
const MACHINE_FILM: [width: number, gauge: number, feet: number][] = [
  [20, 63, 6000],
  [20, 70, 5000],
  [20, 80, 5000],
  [20, 90, 5000],
  [30, 80, 5000],
  [30, 90, 5000],
];

export function stretchFilmItems(): StarterItem[] {
  const rows = (application: "Hand" | "Machine", table: typeof HAND_FILM) =>
    table.map(([width, gauge, feet]): StarterItem => {
      const rolls = application === "Hand" ? 4 : 1;
      return {
        sku: `SF${application === "Hand" ? "H" : "M"}-${width}-${gauge}-${feet}`,
        family: "stretch-film",
        name: `${application} stretch film, ${width} in x ${feet.toLocaleString("en-US")} ft, ${gauge} gauge, cast`,
        attributes: {
          application,
          width: n(width),
          gauge: n(gauge),
          length: n(feet),
          film_type: "Cast",
          rolls_per_case: n(rolls),
        },
        unit: application === "Hand" ? "case" : "roll",
        pack: application === "Hand" ? `case of ${rolls} rolls` : "one roll",
      };
    });
  return [...rows("Hand", HAND_FILM), ...rows("Machine", MACHINE_FILM)];
}

const SINGLE_WALL: [number, number, number][] = [
  [4, 4, 4],
  [6, 4, 4],
  [6, 6, 4],
  [6, 6, 6],
  [8, 6, 4],
  [8, 6, 6],
  [8, 8, 4],
  [8, 8, 6],
  [8, 8, 8],
  [9, 6, 3],
  [9, 9, 9],
  [10, 6, 6],
  [10, 8, 4],
  [10, 8, 6],
  [10, 8, 8],
  [10, 10, 5],
  [10, 10, 10],
  [11, 8, 6],
  [12, 6, 6],
  [12, 9, 4],
  [12, 9, 6],
  [12, 10, 6],
  [12, 10, 8],
  [12, 12, 4],
  [12, 12, 6],
  [12, 12, 8],
  [12, 12, 12],
  [14, 10, 6],
  [14, 10, 8],
  [14, 12, 10],
  [14, 14, 14],
  [15, 12, 10],
  [16, 12, 6],
  [16, 12, 8],
  [16, 12, 12],
  [16, 16, 8],
  [16, 16, 16],
  [18, 12, 6],
  [18, 12, 12],
  [18, 14, 10],
  [18, 18, 12],
  [18, 18, 18],
  [20, 12, 12],
  [20, 16, 12],
  [20, 20, 10],
  [20, 20, 20],
  [22, 16, 12],
  [24, 12, 12],
  [24, 16, 12],
  [24, 18, 18],
  [24, 24, 12],
  [24, 24, 24],
];
const HEAVY: [number, number, number][] = [
  [12, 12, 12],
  [16, 12, 12],
  [18, 18, 18],
  [20, 20, 20],
  [24, 18, 18],
  [24, 24, 24],
];

function bundleOf(length: number, width: number, depth: number): number {
  const volume = length * width * depth;
  return volume <= 400 ? 25 : volume <= 3000 ? 25 : volume <= 7000 ? 20 : 10;
}

export function boxItems(): StarterItem[] {
  const box = (dims: [number, number, number], test: string, wall: string, code: string): StarterItem => {
    const [length, width, depth] = dims;
    const bundle = wall === "Double wall" ? 10 : bundleOf(length, width, depth);
    return {
      sku: `BX-${length}${width}${depth}-${code}`,
      family: "corrugated-boxes",
      name: `${length} x ${width} x ${depth} in corrugated box, ${test}, ${wall.toLowerCase()}`,
      attributes: {
        inside_length: n(length),
        inside_width: n(width),
        inside_depth: n(depth),
        board_test: test,
        wall,
        bundle_quantity: n(bundle),
      },
      unit: "bundle",
      pack: `bundle of ${bundle} boxes`,
    };
  };
  return [
    ...SINGLE_WALL.map((dims) => box(dims, "32 ECT", "Single wall", "32")),
    ...HEAVY.map((dims) => box(dims, "44 ECT", "Single wall", "44")),
    ...HEAVY.map((dims) => box(dims, "48 ECT", "Double wall", "48DW")),
  ];
}

const TAPES: [width: number, yards: number, mil: number, adhesive: string, color: string, rolls: number][] = [
  [2, 55, 1.6, "Acrylic", "Clear", 36],
  [2, 110, 1.6, "Acrylic", "Clear", 36],
  [2, 110, 1.6, "Acrylic", "Tan", 36],
  [2, 110, 1.9, "Hot melt", "Clear", 36],
  [2, 110, 1.9, "Hot melt", "Tan", 36],
  [2, 110, 2.5, "Hot melt", "Clear", 36],
  [2, 110, 3, "Hot melt", "Clear", 36],
  [2, 55, 2.5, "Natural rubber", "Clear", 36],
  [2, 110, 2, "Acrylic", "White", 36],
  [2, 110, 2, "Acrylic", "Black", 36],
  [3, 55, 1.6, "Acrylic", "Clear", 24],
  [3, 110, 1.6, "Acrylic", "Clear", 24],
  [3, 110, 1.9, "Hot melt", "Clear", 24],
  [3, 110, 1.9, "Hot melt", "Tan", 24],
  [3, 110, 2.5, "Hot melt", "Clear", 24],
  [3, 110, 3, "Hot melt", "Clear", 24],
  [3, 55, 2.5, "Natural rubber", "Tan", 24],
  [2, 1000, 1.9, "Hot melt", "Clear", 6],
  [3, 1000, 1.9, "Hot melt", "Clear", 4],
  [2, 1000, 2, "Acrylic", "Clear", 6],
  [3, 1000, 2, "Acrylic", "Tan", 4],
];

export function tapeItems(): StarterItem[] {
  return TAPES.map(
    ([width, yards, mil, adhesive, color, rolls]): StarterItem => ({
      sku: `TP-${width}${yards}-${n(mil * 10)}${adhesive[0]}${color[0]}`,
      family: "carton-sealing-tape",
      name: `${width} in x ${yards} yd ${color.toLowerCase()} carton sealing tape, ${n(mil)} mil, ${adhesive.toLowerCase()}${yards >= 1000 ? ", machine length" : ""}`,
      attributes: {
        width: n(width),
        length: n(yards),
        thickness: n(mil),
        tape_adhesive: adhesive,
        color,
        rolls_per_case: n(rolls),
      },
      unit: "case",
      pack: `case of ${rolls} rolls`,
    }),
  );
}

const BAGS: [number, number][] = [
  [2, 3],
  [3, 4],
  [3, 5],
  [4, 4],
  [4, 6],
  [5, 7],
  [5, 8],
  [6, 6],
  [6, 8],
  [6, 9],
  [8, 8],
  [8, 10],
  [9, 12],
  [10, 12],
  [10, 14],
  [12, 12],
  [12, 15],
  [12, 18],
  [14, 20],
  [18, 24],
];

export function polyBagItems(): StarterItem[] {
  const bag = ([width, length]: [number, number], mil: number, closure: string): StarterItem => {
    const zip = closure === "Reclosable zipper";
    const count = width * length <= 60 ? 1000 : 500;
    return {
      sku: `PB${zip ? "Z" : ""}-${width}${length}-${mil}`,
      family: "poly-bags",
      name: `${width} x ${length} in ${zip ? "reclosable" : "open top"} poly bag, ${mil} mil`,
      attributes: {
        bag_width: n(width),
        bag_length: n(length),
        thickness: n(mil),
        closure,
        bags_per_case: n(count),
      },
      unit: "case",
      pack: `case of ${count.toLocaleString("en-US")} bags`,
    };
  };
  return [
    ...BAGS.map((dims) => bag(dims, 2, "Open top")),
    ...BAGS.filter(([width]) => width >= 6).map((dims) => bag(dims, 4, "Open top")),
    ...BAGS.filter(([width, length]) => width * length <= 120).map((dims) =>
      bag(dims, 2, "Reclosable zipper"),
    ),
  ];
}

const PE_FOAM: [material: string, code: string, density: number, color: string, thicknesses: number[]][] = [
  ["Polyethylene", "PE", 1.7, "White", [0.125, 0.25, 0.5, 1, 2, 3, 4]],
  ["Polyethylene", "PE", 2.2, "White", [0.5, 1, 2, 3, 4]],
  ["Polyethylene", "PE", 2.2, "Black", [0.5, 1, 2, 3]],
  ["Polyethylene", "PE", 4, "Black", [1, 2]],
  ["Polyethylene", "PE", 6, "Black", [1, 2]],
  ["Polyethylene", "PE", 9, "Black", [1]],
  ["Cross-linked polyethylene", "XL", 2, "Black", [0.25, 0.5, 1, 2]],
  ["Cross-linked polyethylene", "XL", 4, "White", [0.5, 1]],
  ["Anti-static polyethylene", "AS", 1.7, "Pink", [0.5, 1, 2]],
  ["Anti-static polyethylene", "AS", 2.2, "Pink", [1, 2]],
];
const PU_FOAM: [material: string, code: string, density: number, color: string, thicknesses: number[]][] = [
  ["Polyester polyurethane", "PS", 1.3, "Charcoal", [0.25, 0.5, 1, 2, 3, 4]],
  ["Polyester polyurethane", "PS", 2, "Charcoal", [0.5, 1, 2]],
  ["Polyether polyurethane", "PT", 1.5, "White", [0.5, 1, 2, 3]],
  ["Convoluted polyurethane", "CV", 1.2, "Charcoal", [1.5, 2, 3]],
  ["Anti-static polyurethane", "AS", 1.3, "Pink", [0.5, 1, 2]],
];

export function foamItems(): StarterItem[] {
  const sheet = (table: typeof PE_FOAM, prefix: string, family: string, sizeFor: (t: number) => string) =>
    table.flatMap(([material, code, density, color, thicknesses]) =>
      thicknesses.map((thickness): StarterItem => {
        const sheetSize = sizeFor(thickness);
        return {
          sku: `${prefix}${code}-${n(density * 10)}-${n(thickness * 1000)}-${color.slice(0, 2).toUpperCase()}`,
          family,
          name: `${material} ${family === "polyethylene-foam" ? "plank" : "sheet"}, ${n(density)} lb/ft³, ${n(thickness)} in thick, ${color.toLowerCase()}, ${sheetSize}`,
          attributes: {
            material,
            density: n(density),
            thickness_in: n(thickness),
            plank_size: sheetSize,
            color,
          },
          unit: family === "polyethylene-foam" ? "plank" : "sheet",
          pack: family === "polyethylene-foam" ? "one plank" : "one sheet",
        };
      }),
    );
  return [
    ...sheet(PE_FOAM, "FE", "polyethylene-foam", (t) => (t < 0.5 ? "48 x 108 in" : "24 x 108 in")),
    ...sheet(PU_FOAM, "FU", "polyurethane-foam", () => "54 x 82 in"),
  ];
}

export function handlingItems(): StarterItem[] {
  const carts: [string, string, string, number, string, string][] = [
    [
      "MH-UC-3018",
      "Utility cart",
      "30 x 18 in, two shelves",
      500,
      "Plastic",
      "4 in swivel and rigid casters",
    ],
    [
      "MH-UC-4024",
      "Utility cart",
      "40 x 24 in, two shelves",
      500,
      "Plastic",
      "5 in swivel and rigid casters",
    ],
    [
      "MH-UC-4524",
      "Utility cart",
      "45 x 24 in, three shelves",
      1200,
      "Steel",
      "5 in polyurethane casters, two with brakes",
    ],
    ["MH-PT-3624", "Platform truck", "36 x 24 in deck", 1200, "Steel", "5 in polyurethane casters"],
    ["MH-PT-4824", "Platform truck", "48 x 24 in deck", 2000, "Steel", "6 in polyurethane casters"],
    ["MH-PT-6030", "Platform truck", "60 x 30 in deck", 2000, "Steel", "6 in polyurethane casters"],
    ["MH-PT-3624A", "Platform truck", "36 x 24 in deck", 1000, "Aluminum", "5 in rubber casters"],
    ["MH-HT-14", "Hand truck", "14 x 7.5 in nose plate", 600, "Steel", "10 in pneumatic wheels"],
    ["MH-HT-14A", "Hand truck", "14 x 7.5 in nose plate", 500, "Aluminum", "10 in solid rubber wheels"],
    ["MH-HT-18", "Hand truck", "18 x 9 in nose plate", 800, "Steel", "10 in pneumatic wheels"],
    [
      "MH-CH-14",
      "Convertible hand truck",
      "14 x 8 in nose plate",
      800,
      "Aluminum",
      "10 in pneumatic wheels, 4 in casters",
    ],
  ];
  const bins: [string, string, number, number, number, number][] = [
    ["Shelf bin", "SB", 11.625, 4.125, 4, 24],
    ["Shelf bin", "SB", 11.625, 6.625, 4, 12],
    ["Shelf bin", "SB", 17.875, 4.125, 4, 12],
    ["Shelf bin", "SB", 17.875, 8.375, 4, 6],
    ["Shelf bin", "SB", 17.875, 11.125, 6, 6],
    ["Hanging bin", "HB", 5.375, 4.125, 3, 24],
    ["Hanging bin", "HB", 7.375, 4.125, 3, 24],
    ["Hanging bin", "HB", 10.875, 5.5, 5, 12],
    ["Hanging bin", "HB", 14.75, 16.5, 7, 6],
    ["Tote", "TO", 18, 11, 6, 6],
    ["Tote", "TO", 24, 15, 8, 6],
    ["Tote", "TO", 24, 15, 12, 4],
    ["Dividable tote", "DV", 22.5, 17.5, 8, 6],
  ];
  const colors = ["Blue", "Red", "Yellow"];
  return [
    ...carts.map(
      ([sku, type, deck, capacity, frame, wheels]): StarterItem => ({
        sku,
        family: "carts-and-trucks",
        name: `${frame} ${type.toLowerCase()}, ${deck}, ${capacity.toLocaleString("en-US")} lb capacity`,
        attributes: { cart_type: type, deck_size: deck, capacity: n(capacity), frame, wheels },
        unit: "each",
        pack: "one, shipped assembled or flat as the maker supplies it",
      }),
    ),
    ...bins.flatMap(([type, code, length, width, height, perCarton]) =>
      colors.map(
        (color): StarterItem => ({
          sku: `BN-${code}${Math.round(length)}${Math.round(width)}${height}-${color.slice(0, 2).toUpperCase()}`,
          family: "storage-bins",
          name: `${type}, ${n(length)} x ${n(width)} x ${n(height)} in, ${color.toLowerCase()}`,
          attributes: {
            bin_type: type,
            outside_length: n(length),
            outside_width: n(width),
            outside_height: n(height),
            color,
            bins_per_carton: n(perCarton),
          },
          unit: "carton",
          pack: `carton of ${perCarton}`,
        }),
      ),
    ),
    ...(
      [
        ["MH-PJ-2748", "Pallet jack", "27 x 48 in forks", 5500],
        ["MH-PJ-2136", "Pallet jack", "21 x 36 in forks", 5500],
        ["MH-PJ-2760", "Pallet jack", "27 x 60 in forks", 5000],
        ["MH-PS-4040", "Pallet stand", "40 x 40 in turntable, spring-lift", 4000],
        ["MH-PS-4848", "Pallet stand", "48 x 48 in turntable, spring-lift", 4500],
      ] as const
    ).map(
      ([sku, type, forks, capacity]): StarterItem => ({
        sku,
        family: "pallet-handling",
        name: `${type}, ${forks}, ${capacity.toLocaleString("en-US")} lb capacity`,
        attributes: { handling_type: type, fork_size: forks, capacity: n(capacity) },
        unit: "each",
        pack: "one",
      }),
    ),
  ];
}
