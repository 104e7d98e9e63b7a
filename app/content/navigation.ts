export interface NavItem {
  label: string;
  href: string;
}

export const mainNavigation: readonly NavItem[] = [
  { label: "Home", href: "/" },
  { label: "Products", href: "/products" },
  { label: "Protective Packaging", href: "/protective-packaging" },
  { label: "About", href: "/about" },
  { label: "Resources", href: "/resources" },
  { label: "Contact", href: "/contact" },
];

/**
 * Links in the footer's bottom row only. Kept here, not in the pages' own copy, so the footer (on every
 * page, in every script bundle) carries two words rather than the privacy page's text.
 */
export const privacyLink: NavItem = { label: "Privacy", href: "/privacy" };
