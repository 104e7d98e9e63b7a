const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export function formatPrice(price: number): string {
  return dollars.format(price);
}
