const env = import.meta.env ?? {};

/** The canonical origin, without a trailing slash. */
export const siteUrl: string = (env.SITE_URL || "http://localhost:3000").replace(/\/+$/, "");

export function absoluteUrl(path: string): string {
  return new URL(path, `${siteUrl}/`).toString();
}
