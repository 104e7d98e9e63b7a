import {
  CONTACT_FIELD_NAMES,
  FOAM_FIELD_NAMES,
  ITEM_FIELD_NAMES,
  itemFieldName,
  itemLabelFieldName,
  LABEL_AREA,
  LABEL_FIELD_NAMES,
  QUOTE_FILES_FIELD,
  QUOTE_FILES_NOT_SENT_FIELD,
  QUOTE_HONEYPOT_FIELD,
  QUOTE_INTENT_FIELD,
  QUOTE_TOKEN_FIELD,
  type QuoteValues,
} from "~/features/quote/quote";

/** The multipart body the script sends to /api/quote: the same fields the form posts, files last. */
export function quoteBody(
  token: string,
  values: QuoteValues,
  honeypot: string,
  files: readonly File[],
  /** The names of files chosen but given up on (a line too slow): the request goes without them. */
  notSent: readonly string[] = [],
  /** The hidden attribution field as the snippet filled it (attributionFieldOf). */
  attribution: Readonly<Record<string, string>> = {},
) {
  const body = new FormData();
  // The token first: the server checks it before it reads any file (docs/quotes.md).
  body.append(QUOTE_TOKEN_FIELD, token);
  for (const name of CONTACT_FIELD_NAMES) body.append(name, values[name]);
  values.items.forEach((row, index) => {
    for (const name of ITEM_FIELD_NAMES) body.append(itemFieldName(index, name), row[name]);
    // A label item's own details; another item's are neither shown nor sent.
    if (row.area === LABEL_AREA)
      for (const name of LABEL_FIELD_NAMES) body.append(itemLabelFieldName(index, name), row.labels[name]);
  });
  for (const name of FOAM_FIELD_NAMES) body.append(`foam.${name}`, values.foam[name]);
  body.append(QUOTE_HONEYPOT_FIELD, honeypot);
  for (const [name, value] of Object.entries(attribution)) body.append(name, value);
  if (notSent.length > 0) body.append(QUOTE_FILES_NOT_SENT_FIELD, notSent.join("\n"));
  body.append(QUOTE_INTENT_FIELD, "send");
  for (const file of files) body.append(QUOTE_FILES_FIELD, file, file.name);
  return body;
}
