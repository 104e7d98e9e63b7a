/** What the home page's form carries into the contact form (in navigation state, never the URL). */
export interface ContactPrefill {
  name: string;
  email: string;
  company: string;
  message: string;
}

export function readContactPrefill(state: unknown): ContactPrefill | undefined {
  if (!state || typeof state !== "object" || !("prefill" in state)) return undefined;
  const prefill = (state as { prefill: unknown }).prefill;
  if (!prefill || typeof prefill !== "object") return undefined;
  const text = (key: string) => {
    const value = (prefill as Record<string, unknown>)[key];
    return typeof value === "string" ? value.slice(0, 5000) : "";
  };
  return { name: text("name"), email: text("email"), company: text("company"), message: text("message") };
}
