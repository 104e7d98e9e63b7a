import { EMAIL_ERRORS, EMAIL_MAX_LENGTH, type FormText, requiredText } from "~/features/leads/form-input";

/* The quote form's limits and messages, the same in the browser and on the server (re-exported by quote.ts). */

export const QUOTE_MAX_ITEMS = 50;
/** Rows the 'Add rows' button adds at a time. */
export const QUOTE_ROWS_STEP = 3;
export const QUOTE_MAX_FILES = 5;
export const QUOTE_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const QUOTE_MAX_TOTAL_FILE_BYTES = 25 * 1024 * 1024;
export const QUOTE_MAX_QUANTITY = 10_000_000;
export const QUOTE_TEXT_MAX = 200;
export const QUOTE_NOTES_MAX = 1000;
export const QUOTE_PASTE_MAX = 10_000;
export const QUOTE_EMAIL_MAX = EMAIL_MAX_LENGTH;
export const QUOTE_PHONE_MAX = 50;
export const QUOTE_POSTAL_CODE_MAX = 20;
export const QUOTE_PO_REFERENCE_MAX = 100;
/** A line's part number: the catalogue's skus are shorter; a longer one is refused as too long. */
export const QUOTE_SKU_MAX = 64;
/** The quantity box's maxlength: 10,000,000 written with its commas, and a little room. */
export const QUOTE_QUANTITY_INPUT_MAX = 12;

export const QUOTE_ERRORS = {
  companyRequired: requiredText("Company", "your company name"),
  nameRequired: requiredText("Name", "your name"),
  ...EMAIL_ERRORS,
  tooLong: { title: "Too Long", message: "Please shorten this entry." },
  dateInvalid: { title: "Invalid Date", message: "Please enter the date as YYYY-MM-DD." },
  itemsRequired: { title: "Items Required", message: "Please add at least one item to quote." },
  tooManyItems: {
    title: "Too Many Items",
    message: `A request can hold up to ${QUOTE_MAX_ITEMS} items. Please send the rest in a second request or attach a list.`,
  },
  areaInvalid: { title: "Invalid Product Area", message: "Please choose a product area from the list." },
  descriptionRequired: requiredText("Description", "an item number or a description"),
  quantityRequired: requiredText("Quantity", "a quantity"),
  quantityInvalid: {
    title: "Invalid Quantity",
    message: `Please enter a whole number from 1 to ${QUOTE_MAX_QUANTITY.toLocaleString("en-US")}.`,
  },
  unitInvalid: { title: "Invalid Unit", message: "Please choose a unit from the list." },
  sizeUnitInvalid: { title: "Invalid Size Unit", message: "Please choose inches or millimetres." },
} satisfies Record<string, FormText>;

export const QUOTE_SUCCESS: FormText = {
  title: "Quote Request Sent!",
  message:
    "Thank you! We received your request and will reply with a quote, usually within one business day.",
};
export const QUOTE_FAILURE: FormText = {
  title: "Submission Failed",
  message: "There was an issue sending your request. Please try again or email",
};
export const QUOTE_TOO_FAST: FormText = {
  title: "Please Try Again",
  message: "The form was sent too quickly after it was opened. Please check your entries and send it again.",
};
export const QUOTE_EXPIRED: FormText = {
  title: "Form Expired",
  message: "This form was opened too long ago. Please check your entries and send it again.",
};
