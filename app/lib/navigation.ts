/**
 * A navigation link is active when the current path is its route or lies below it;
 * Home is active only on exactly "/".
 */
export function isActivePath(href: string, pathname: string): boolean {
  if (href === "/") return pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}
