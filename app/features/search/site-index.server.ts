// Written by scripts/build/build-search-index.ts before every build (and type check). Imported as text, so
// it travels inside the server bundle, is parsed once when the server starts, and is never part of
// a browser bundle (this is a .server module).
import serializedIndex from "~/generated/search-index.json?raw";
import { documentHref } from "~/lib/documents";
import { loadSearchEngine, type SearchEngine } from "./engine.server";

/** The site's search engine, loaded once when the server starts. */
export const siteSearch: SearchEngine = loadSearchEngine(serializedIndex, {
  pdfHref: (folder, fileName) => documentHref(folder, fileName),
});
