/**
 * `/about///` -> `/about`, `/` stays `/`. A loop, not `/\/+$/`: that pattern backtracks over every run
 * of slashes and takes quadratic time on a long one, and paths come from visitors.
 */
export function withoutTrailingSlashes(pathname: string): string {
  let end = pathname.length;
  while (end > 1 && pathname.charCodeAt(end - 1) === 47 /* "/" */) end -= 1;
  return pathname.slice(0, end);
}
