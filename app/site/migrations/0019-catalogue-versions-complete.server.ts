import type { Kysely, Migration } from "kysely";

// A catalogue version is written in short transactions while nobody can see it, and only then made
// complete and active (docs/decisions/0082): `complete` is 0 while its items are being written or
// deleted, and `lease_until` is when an import that stopped writing it is taken to have died, after
// which the next start or import deletes it. Every version written before this is complete.
export const catalogueVersionsComplete: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current DB type (see 0001)
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable("catalogue_versions")
      .addColumn("complete", "integer", (col) => col.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable("catalogue_versions").addColumn("lease_until", "text").execute();
  },
};
