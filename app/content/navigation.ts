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
