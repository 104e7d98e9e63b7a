import type { IncomingMessage } from "node:http";
import {
  type CatalogueReader,
  type LiveCatalogue,
  openCatalogueReader,
} from "~/features/catalogue/catalogue.server";
import { loadFamilies } from "~/features/catalogue/families.server";
import { loadStarterRange } from "~/features/catalogue/import.server";
import type { CatalogueFamily } from "~/features/catalogue/model";
import { cataloguePageKeyOf } from "~/features/catalogue/pages/page-keys";
import { cleanQuery } from "~/features/search/normalize.server";
import { countSearch, keptSearchOf, searchPageKey } from "~/features/search/search-count.server";
import { type PageEncoding, pageCache } from "~/lib/page-cache.server";
import type { SiteServices } from "~/load-context";
import type { Database } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";
import { countedHeaders } from "./search-page.server";

/**
 * The catalogue as the server runs it (docs/catalogue.md#serving): the families file read at start (a
 * mistake stops the start, like a bad variable), the starter range written into an empty database,
 * the active version loaded before the first request, and a job that loads another version once an
 * import or rollback, on any instance, makes it active.
 */
export interface SiteCatalogue {
  families: readonly CatalogueFamily[];
  /** For startServices: the reader, once the database is migrated. */
  open(db: Database, logger: Logger): Promise<LiveCatalogue>;
  /** For startServices' jobs: watches for another active version; returns its stop function. */
  job(db: Database, logger: Logger): () => void;
}

export function siteCatalogue(checkEveryMs?: number): SiteCatalogue {
  const families = loadFamilies();
  let reader: LiveCatalogue | undefined;
  return {
    families,
    async open(db, logger) {
      await loadStarterRange(db, families, logger);
      reader = await openCatalogueReader(db, families, logger);
      return reader;
    },
    job: () => reader?.watch(checkEveryMs) ?? (() => undefined),
  };
}

/**
 * For the request handler: catalogue pages and search results asked for again, answered from the
 * rendered pages kept (docs/decisions/0075, 0083) without React Router. A kept results page still
 * counts its search, as the route's loader would have.
 */
export function keptPages(services: KeptPageServices, clientKey: (req: IncomingMessage) => string) {
  const { catalogue } = services;
  return {
    keyOf: (url: URL) =>
      url.pathname === "/search" ? keptSearchKeyOf(catalogue, url) : cataloguePageKeyOf(catalogue, url),
    get: (key: string, nonce: string, encoding: PageEncoding) => pageCache.get(key, nonce, encoding),
    serving(key: string, req: IncomingMessage) {
      const search = keptSearchOf(key);
      if (!search) return undefined;
      countSearch(services, search, countedHeaders(req), clientKey(req));
      return { "Cache-Control": "no-store" };
    },
  };
}

type KeptPageServices = Pick<SiteServices, "catalogue" | "db" | "counting" | "logger">;

/** A results page's key when its page was kept: the catalogue version and the cleaned query. */
function keptSearchKeyOf(catalogue: CatalogueReader, url: URL): string | undefined {
  const query = cleanQuery(url.searchParams.get("q"));
  if (!query) return undefined;
  const key = searchPageKey(catalogue.current().info.version, query);
  return keptSearchOf(key) ? key : undefined;
}
