import { company } from "~/content/company";
import type { Inquiries } from "~/content/schema";

/**
 * Prefilled e-mail drafts opened by the request buttons (mailto to the sales address). Each body lists the
 * details sales needs to answer in one reply, so the visitor fills in blanks instead of starting from nothing.
 */

const signOff = "Thank you,\nName:\nCompany:\nPhone:";

const greeting = `Hello ${company.shortName} team,`;

const draft = (request: string, prompts: readonly string[], closing: string) =>
  [greeting, "", request, "", ...prompts, "", closing, "", signOff].join("\n");

export const inquiries = {
  quote: {
    label: "Request a Quote",
    subject: "Quote Request",
    body: draft(
      "Please send a quote for the following:",
      [
        "Product or part number:",
        "Quantity:",
        "Size or dimensions:",
        "Material or specification:",
        "Required delivery date:",
        "Ship-to city and state:",
      ],
      "If a sample or a comparable item would help, let me know what to send.",
    ),
  },
  sample: {
    label: "Request Samples",
    subject: "Label Sample Request",
    body: draft(
      "I would like samples to test before ordering. Details:",
      [
        "Label size:",
        "Face material (paper, polypropylene, polyester, vinyl):",
        "Adhesive needs (permanent, removable, freezer, high-tack):",
        "Surface the label goes on:",
        "Printer make and model (if printing in-house):",
        "Expected annual quantity:",
        "Sample ship-to address:",
      ],
      "Please tell me if you need anything else to match the samples to our application.",
    ),
  },
  "site-assessment": {
    label: "Schedule a Site Assessment",
    subject: "Warehouse Site Assessment Request",
    body: draft(
      "We would like to schedule a site assessment of our facility. About the site:",
      [
        "Facility city and state:",
        "Approximate square footage:",
        "Number of rack locations or bin locations:",
        "Areas to review (racking, floor, signage, cold storage, tool control):",
        "Warehouse management system in use:",
        "Preferred dates:",
      ],
      "Please reply with available dates and what you need from us before the visit.",
    ),
  },
  repair: {
    label: "Request a Printer Repair",
    subject: "Thermal Printer Repair Request",
    body: draft(
      "We need service on a thermal printer. Details:",
      [
        "Printer make and model:",
        "Serial number:",
        "Number of units:",
        "Symptom (faded print, voids, jams, error light, no power):",
        "Labels and ribbon in use:",
        "How urgently the printer is needed back:",
      ],
      "Please let me know the next steps for evaluation and repair.",
    ),
  },
  ppe: {
    label: "Request PPE Pricing",
    subject: "Protective Suits (PPE) Inquiry",
    body: draft(
      "We are looking for protective suits and related PPE. Our needs:",
      [
        "Hazard or task (dust, liquid splash, cleanroom, painting, chemical handling):",
        "Garment type (coveralls, lab coats, sleeves, hoods, shoe covers):",
        "Standard or rating our safety program requires:",
        "Sizes and quantity per size:",
        "Reorder frequency:",
      ],
      "Please suggest suitable garments and send pricing.",
    ),
  },
  consultation: {
    label: "Schedule a Consultation",
    subject: "Consultation Request",
    body: draft(
      "I would like to talk with a specialist about an application. Background:",
      [
        "Area (labels, barcoding, packaging, foam, warehouse labeling, material handling):",
        "What we are trying to improve:",
        "Current products or equipment in use:",
        "Volumes involved:",
        "Best time and number to reach me:",
      ],
      "Please reply with a few times that work for a call.",
    ),
  },
  general: {
    label: "Ask a Question",
    subject: "Product Inquiry",
    body: draft(
      "I have a question about your products and services:",
      ["Question:", "Product area:", "Quantity or usage, if known:", "Best way to reach me:"],
      "I look forward to your reply.",
    ),
  },
  "custom-quote": {
    label: "Request Custom Quote",
    subject: "Custom Quote Request",
    body: draft(
      "I would like a custom quote for industrial supplies. Here is what we need:",
      [
        "Products (labels, ribbons, barcode equipment, packaging, foam, other):",
        "Sizes and specifications:",
        "Quantity per order:",
        "Order frequency:",
        "Required delivery date:",
        "Ship-to city and state:",
      ],
      "Please include any options or alternatives you would recommend.",
    ),
  },
  "foam-quote": {
    label: "Get a Free Quote",
    subject: "Custom Foam Packaging Quote Request",
    body: draft(
      "Please quote custom foam packaging for the part below:",
      [
        "Part description:",
        "Part dimensions (L x W x H):",
        "Part weight:",
        "Fragility or finish concerns (electronics, painted, glass, sharp edges):",
        "Box or case the foam must fit (inside dimensions):",
        "Preferred foam material, if any:",
        "Quantity per order and annual usage:",
      ],
      "We can send a part, a drawing or photos if that helps.",
    ),
  },
  "foam-sample-kit": {
    label: "Request a Sample Kit",
    subject: "Foam Sample Kit Request",
    body: draft(
      "Please send a foam sample kit so we can compare materials. About our use:",
      [
        "What we ship or store:",
        "Materials we want to compare (polyethylene, polyurethane, cross-linked, anti-static):",
        "Densities or colors of interest:",
        "Sample ship-to address:",
      ],
      "Thank you for helping us choose the right foam.",
    ),
  },
} satisfies Inquiries;
