import faviconSvg from "../../public/favicon.svg?raw";

/**
 * The SVG favicon as a `data:` URL, for the page's icon link: a linked icon is one more request while
 * the page paints (docs/decisions/0038-stylesheet-in-the-page.md). public/favicon.svg stays the source
 * of the raster icons (scripts/build/build-icons.ts) and is still served for anyone who asks for it.
 */
export const FAVICON_DATA_URL = `data:image/svg+xml,${encodeURIComponent(faviconSvg.trim())}`;
