import type { Insertable } from "kysely";
import type { Database, DB } from "~/server/db/schema.server";

type QuoteRequestRow = Insertable<DB["quote_requests"]>;
type QuoteItemRow = Insertable<DB["quote_items"]>;

/**
 * Inserts a quote request as a buyer sends one (Sam Buyer of Buyer Co unless `fields` say otherwise,
 * no optional field filled) and returns its id.
 */
export async function insertQuoteRequest(
  db: Database,
  fields: Pick<QuoteRequestRow, "reference" | "postal_code" | "created_at"> & Partial<QuoteRequestRow>,
): Promise<number> {
  const row = await db
    .insertInto("quote_requests")
    .values({
      company: "Buyer Co",
      name: "Sam Buyer",
      email: "sam@buyer.example",
      phone: null,
      needed_by: null,
      po_reference: null,
      label_details: null,
      foam_details: null,
      client_key: null,
      ...fields,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Inserts a request's first line item: 40 rolls of 4x6 labels unless `item` says otherwise. */
export async function insertQuoteItem(
  db: Database,
  requestId: number,
  item: Partial<Omit<QuoteItemRow, "request_id">> = {},
): Promise<void> {
  await db
    .insertInto("quote_items")
    .values({
      request_id: requestId,
      position: 0,
      area: "labels",
      description: "4x6 labels",
      quantity: 40,
      unit: "rolls",
      notes: null,
      ...item,
    })
    .execute();
}
