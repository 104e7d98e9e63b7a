export const articleCategories = [
  "Material Selection",
  "Adhesives",
  "Printing Technology",
  "Storage & Handling",
  "Compliance",
  "Troubleshooting",
  "Design",
  "Cost Optimization",
] as const;

export type ArticleCategory = (typeof articleCategories)[number];

export type ArticleBlock =
  | { type: "paragraph"; text: string }
  | { type: "heading"; text: string }
  | { type: "list"; items: string[]; ordered?: boolean };

/** What the resources list, search, sitemap and page head need; the text is in article-bodies.ts. */
export interface Article {
  slug: string;
  title: string;
  excerpt: string;
  category: ArticleCategory;
  readTime: string;
  author: string;
  date: string;
  tags: string[];
}

export const articles: Article[] = [
  {
    slug: "choosing-label-face-stock",
    title: "How to Choose a Label Face Stock: Paper, Polypropylene or Polyester",
    excerpt:
      "Paper, polypropylene and polyester each suit different jobs. Match the face stock and print method to the surface, environment and required lifespan.",
    category: "Material Selection",
    readTime: "4 min read",
    author: "Ridgeline Applications Team",
    date: "2025-02-11",
    tags: ["face stock", "polypropylene", "polyester", "direct thermal", "thermal transfer"],
  },
  {
    slug: "choosing-label-adhesive",
    title: "Label Adhesives Explained: Permanent, Removable, Freezer-Grade and High-Tack",
    excerpt:
      "Why labels lift, fall off or leave residue, and how to pick an adhesive by surface, application temperature, service temperature and dwell time.",
    category: "Adhesives",
    readTime: "4 min read",
    author: "Ridgeline Applications Team",
    date: "2025-03-18",
    tags: ["adhesives", "freezer labels", "removable labels", "surface energy", "dwell time"],
  },
  {
    slug: "thermal-printing-ribbons-and-resolution",
    title: "Direct Thermal vs Thermal Transfer: Ribbons, Print Heads and DPI",
    excerpt:
      "How the two thermal print methods differ, which ribbon suits which face stock, how to care for the printhead, and when to choose 203, 300 or 600 dpi.",
    category: "Printing Technology",
    readTime: "4 min read",
    author: "Ridgeline Print Service Team",
    date: "2025-04-22",
    tags: ["thermal transfer", "direct thermal", "ribbons", "printheads", "dpi"],
  },
  {
    slug: "storing-labels-and-ribbons",
    title: "How to Store Labels and Thermal Ribbons So They Perform on the Line",
    excerpt:
      "Heat, humidity, dust and age quietly degrade labels and ribbons. Simple storage habits keep rolls feeding, printing and sticking as designed.",
    category: "Storage & Handling",
    readTime: "4 min read",
    author: "Ridgeline Label Production Team",
    date: "2025-06-10",
    tags: ["label storage", "shelf life", "fifo", "thermal ribbons"],
  },
  {
    slug: "ghs-chemical-container-labels",
    title: "GHS Labels for Chemical Containers: The Six Required Elements and Durability",
    excerpt:
      "What a HazCom shipped-container label must contain, how workplace labels differ, and why marine shipments call for BS 5609-type durability.",
    category: "Compliance",
    readTime: "4 min read",
    author: "Ridgeline Applications Team",
    date: "2025-08-05",
    tags: ["ghs", "hazcom", "chemical labels", "bs 5609", "osha"],
  },
  {
    slug: "troubleshooting-label-printing-problems",
    title: "Troubleshooting Common Label Problems: Bad Scans, Voids, Ribbon Wrinkle and Lift",
    excerpt:
      "A practical guide to diagnosing barcodes that won't scan, print voids, ribbon wrinkle, labels that won't stick and printers that lose their place.",
    category: "Troubleshooting",
    readTime: "4 min read",
    author: "Ridgeline Print Service Team",
    date: "2025-09-16",
    tags: ["troubleshooting", "barcode scanning", "ribbon wrinkle", "printer calibration", "print voids"],
  },
  {
    slug: "designing-scannable-barcode-labels",
    title: "Designing Barcode Labels That Scan the First Time",
    excerpt:
      "Quiet zones, X-dimension, contrast, human-readable text, placement and verification grades: the design choices that decide whether a barcode scans.",
    category: "Design",
    readTime: "4 min read",
    author: "Ridgeline Applications Team",
    date: "2025-11-04",
    tags: ["barcode design", "quiet zone", "x-dimension", "barcode verification", "gs1"],
  },
  {
    slug: "lowering-total-label-and-packaging-cost",
    title: "Lowering Total Label and Packaging Cost Without Cutting Corners",
    excerpt:
      "Unit price is only part of label and packaging cost. Standardize sizes, right-size materials, maintain printers and order smarter to cut the total.",
    category: "Cost Optimization",
    readTime: "4 min read",
    author: "Ridgeline Packaging Team",
    date: "2026-01-20",
    tags: ["cost reduction", "sku consolidation", "printer maintenance", "packaging"],
  },
];

export function getArticle(slug: string): Article | undefined {
  return articles.find((article) => article.slug === slug);
}

function wordsIn(text: string): number {
  return text.split(/\s+/).filter((word) => word.length > 0).length;
}

export function countWords(blocks: readonly ArticleBlock[]): number {
  return blocks.reduce((total, block) => {
    if (block.type === "list") {
      return total + block.items.reduce((sum, item) => sum + wordsIn(item), 0);
    }
    return total + wordsIn(block.text);
  }, 0);
}
