import { z } from "zod";
import {
  brochureCategories,
  brochureIds,
  homeCategoryIds,
  iconNames,
  inquiryIds,
  productSectionIds,
} from "./ids";

export {
  brochureCategories,
  brochureIds,
  homeCategoryIds,
  iconNames,
  inquiryIds,
  joinList,
  productSectionIds,
} from "./ids";

/** Shapes of the site's typed content. Pages render these; tests parse every export against them. */

// Trimmed and non-empty: a blank string would render as an empty heading or button.
export const text = z.string().trim().min(1);
const paragraphs = (min: number, max: number) => z.array(text).min(min).max(max);
const internalHref = z.string().regex(/^\/[a-z0-9\-/]*(#[a-z0-9-]+)?$/);
const actionHref = z.string().regex(/^(\/|tel:\+|mailto:|https:\/\/)/);
const kebabPdf = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*\.pdf$/);

export const brochureCategorySchema = z.enum(brochureCategories);
export const brochureIdSchema = z.enum(brochureIds);
export const inquiryIdSchema = z.enum(inquiryIds);
export const productSectionIdSchema = z.enum(productSectionIds);
export const homeCategoryIdSchema = z.enum(homeCategoryIds);
export const iconNameSchema = z.enum(iconNames);

export type BrochureCategory = z.infer<typeof brochureCategorySchema>;
export type BrochureId = z.infer<typeof brochureIdSchema>;
export type InquiryId = z.infer<typeof inquiryIdSchema>;
export type ProductSectionId = z.infer<typeof productSectionIdSchema>;
export type IconName = z.infer<typeof iconNameSchema>;

const heroSchema = z.object({ heading: text, lead: text });
const linkSchema = z.object({ label: text, href: internalHref });
const iconCardSchema = z.object({ title: text, description: text, icon: iconNameSchema });
const namedTextSchema = z.object({ name: text, description: text });
const formFieldSchema = z.object({ label: text, placeholder: text });

export type Hero = z.infer<typeof heroSchema>;
export type IconCard = z.infer<typeof iconCardSchema>;
/** A link to a page of the site, with its text. */
export type SiteLink = z.infer<typeof linkSchema>;
export type NamedText = z.infer<typeof namedTextSchema>;

// ---- Inquiries (prefilled e-mail drafts) ----

export const inquirySchema = z.object({ label: text, subject: text, body: text });
export const inquiriesSchema = z.record(inquiryIdSchema, inquirySchema);
export type Inquiry = z.infer<typeof inquirySchema>;
export type Inquiries = z.infer<typeof inquiriesSchema>;

// ---- Home ----

export const categoryCardSchema = z.object({
  id: homeCategoryIdSchema,
  title: text,
  description: text,
  image: homeCategoryIdSchema,
  imageAlt: text,
  href: internalHref,
});

export const testimonialSchema = z.object({
  quote: text,
  role: text,
  business: text,
  rating: z.literal(5),
});

export const homeContentSchema = z.object({
  hero: z.object({ eyebrow: text, heading: text, lead: text, primaryCta: linkSchema }),
  introduction: z.object({ heading: text, paragraphs: paragraphs(2, 2) }),
  categories: z.object({
    heading: text,
    lead: text,
    linkLabel: text,
    cards: z.array(categoryCardSchema).length(6),
  }),
  commitments: z.object({ heading: text, lead: text, cards: z.array(iconCardSchema).length(4) }),
  testimonials: z.object({ heading: text, lead: text, items: z.array(testimonialSchema).length(3) }),
  getInTouch: z.object({
    heading: text,
    lead: text,
    contactHeading: text,
    contactLabels: z.object({ phone: text, email: text, locations: text, hours: text }),
    formHeading: text,
    fields: z.object({
      firstName: formFieldSchema,
      lastName: formFieldSchema,
      email: formFieldSchema,
      company: formFieldSchema,
      message: formFieldSchema,
    }),
    submitLabel: z.literal("Send Message"),
    formNote: text,
  }),
});

export type HomeContent = z.infer<typeof homeContentSchema>;

// ---- Products ----

export const productItemSchema = z.object({
  name: text,
  description: text,
  benefits: z.array(text).min(2).max(4).optional(),
});

export const productSectionSchema = z.object({
  id: productSectionIdSchema,
  title: text,
  description: paragraphs(1, 2),
  items: z.array(productItemSchema).min(3).max(6),
  brochureIds: z.array(brochureIdSchema),
  inquiry: inquiryIdSchema,
  ctaLabel: text,
});

export const productsContentSchema = z.object({
  hero: z.object({ heading: text, lead: text, inquiry: inquiryIdSchema, inquiryLabel: text }),
  sectionNav: z.object({ label: text }),
  /** Shown above the benefit list of the items that have one (the die-cut foams). */
  benefitsLabel: text,
  sections: z.array(productSectionSchema).length(productSectionIds.length),
  brochureList: z.object({ heading: text, previewLabel: text, downloadLabel: text }),
  resourcesLink: z.object({ text: text, label: text, href: z.literal("/resources") }),
  ghsCallout: z.object({ heading: text, text: text, linkLabel: text, href: z.literal("/resources") }),
  closing: z.object({
    heading: text,
    text: text,
    quoteLabel: text,
    quoteInquiry: inquiryIdSchema,
    consultationLabel: text,
    consultationInquiry: inquiryIdSchema,
  }),
});

export type ProductItem = z.infer<typeof productItemSchema>;
export type ProductSection = z.infer<typeof productSectionSchema>;
export type ProductsContent = z.infer<typeof productsContentSchema>;

// ---- Brochures and the stock catalogue ----

export const productLineSchema = z.object({
  name: text,
  description: text,
  options: z.array(text).min(3).max(6),
});

/** A brochure as the site lists it. */
export const brochureSchema = z.object({
  id: brochureIdSchema,
  title: text,
  description: text,
  category: brochureCategorySchema,
  fileName: kebabPdf,
});

export const brochuresSchema = z.array(brochureSchema).length(brochureIds.length);

/** The rest of a brochure's PDF, kept out of the listing so the browser never downloads it. */
export const brochureDocumentSchema = z.object({
  overview: paragraphs(2, 3),
  /** Guides and spec sheets list topics rather than products, so they may title that part themselves. */
  productLinesHeading: text.optional(),
  productLines: z.array(productLineSchema).min(3).max(6),
  howToOrder: z.array(text).min(3).max(5),
});

// An enum-keyed record requires every key, so each brochure must have its document content.
export const brochureDocumentsSchema = z.record(brochureIdSchema, brochureDocumentSchema);

export const catalogSchema = z.object({ title: text, description: text, fileName: kebabPdf });

export const brochureCategoryLabelsSchema = z.record(brochureCategorySchema, text);

/** Fixed wording inside the generated PDFs, kept with the rest of the copy. */
export const documentLabelsSchema = z.object({
  overviewHeading: text,
  productLinesHeading: text,
  howToOrderHeading: text,
  howToOrderLead: text,
  contactHeading: text,
  contactLead: text,
  phoneLabel: text,
  emailLabel: text,
  locationsLabel: text,
  hoursLabel: text,
  closedLabel: text,
  contentsHeading: text,
  catalogIntro: text,
  benefitsLabel: text,
  relatedBrochuresLabel: text,
  orderingLabel: text,
  catalogEyebrow: text,
});

export type ProductLine = z.infer<typeof productLineSchema>;
export type Brochure = z.infer<typeof brochureSchema>;
export type BrochureDocument = z.infer<typeof brochureDocumentSchema>;
export type Catalog = z.infer<typeof catalogSchema>;
export type DocumentLabels = z.infer<typeof documentLabelsSchema>;

// ---- Protective packaging ----

export const protectivePackagingContentSchema = z.object({
  hero: z.object({
    heading: text,
    lead: text,
    primaryInquiry: z.literal("foam-quote"),
    secondaryInquiry: z.literal("foam-sample-kit"),
  }),
  intro: z.object({ heading: text, paragraphs: paragraphs(1, 3) }),
  materials: z.object({ heading: text, lead: text, items: z.array(namedTextSchema).min(6).max(10) }),
  fabrication: z.object({
    heading: text,
    lead: text,
    items: z.array(z.object({ title: text, description: text })).min(3),
  }),
  applications: z.object({ heading: text, lead: text, items: z.array(namedTextSchema).min(3) }),
  catalogLink: z.object({ heading: text, text: text, linkLabel: text, href: z.literal("/resources") }),
  video: z.object({
    heading: text,
    text: text,
    linkLabel: text,
    /** Read out after the link text, so a screen reader user knows the video opens elsewhere. */
    newTabNote: text,
    url: z.url({ protocol: /^https$/ }),
  }),
  structuredData: z.object({ description: text, knowsAbout: z.array(text).min(3) }),
});

export type ProtectivePackagingContent = z.infer<typeof protectivePackagingContentSchema>;

// ---- About ----

export const aboutContentSchema = z.object({
  hero: heroSchema.extend({ cta: linkSchema }),
  story: z.object({
    heading: text,
    paragraphs: paragraphs(2, 3),
    highlights: z
      .array(z.object({ value: text, label: text }))
      .min(2)
      .max(4),
  }),
  mission: z.object({ heading: text, text: text }),
  values: z.object({ heading: text, items: z.array(iconCardSchema).length(4) }),
  reasons: z.object({ heading: text, items: z.array(iconCardSchema).length(4) }),
  contact: z.object({
    heading: text,
    text: text,
    cards: z.object({
      phone: z.object({ title: text, description: text }),
      email: z.object({ title: text, description: text }),
      locations: z.object({ title: text, description: text }),
    }),
    productsLink: linkSchema,
  }),
});

export type AboutContent = z.infer<typeof aboutContentSchema>;

// ---- Contact ----

const actionCardSchema = z.object({ title: text, description: text, actionLabel: text, href: actionHref });

export const contactContentSchema = z.object({
  hero: heroSchema,
  phoneCard: actionCardSchema,
  emailCard: actionCardSchema,
  form: z.object({
    heading: z.literal("Send Us a Message"),
    intro: text,
    fields: z.object({
      name: formFieldSchema,
      email: formFieldSchema,
      phone: formFieldSchema,
      message: formFieldSchema,
    }),
    requiredNote: text,
    submitLabel: text,
    submittingLabel: z.literal("Sending..."),
    success: z.object({
      heading: z.literal("Thank You!"),
      text: text,
      resetLabel: z.literal("Send Another Message"),
    }),
  }),
  locations: z.object({ heading: text, text: text }),
  hours: z.object({ heading: text, closedLabel: text }),
  support: z.object({
    heading: text,
    lead: text,
    cards: z.tuple([
      actionCardSchema.extend({ title: z.literal("Technical Support") }),
      actionCardSchema.extend({ title: z.literal("Sales Consultation"), href: z.literal("/contact") }),
      actionCardSchema.extend({ title: z.literal("Email for Fastest Response") }),
    ]),
  }),
});

export type ActionCard = z.infer<typeof actionCardSchema>;
export type ContactContent = z.infer<typeof contactContentSchema>;
