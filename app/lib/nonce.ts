import { createContext, createElement, type ReactNode, useContext } from "react";

/** The CSP nonce of the request being rendered; undefined in the browser and in prerendered pages. */
const NonceContext = createContext<string | undefined>(undefined);

export function NonceProvider({ value, children }: { value: string | undefined; children: ReactNode }) {
  return createElement(NonceContext.Provider, { value }, children);
}

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
