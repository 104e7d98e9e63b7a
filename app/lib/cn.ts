import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names. Callers never pass a class that fights a component's own (a second padding or
 * background), so no merging library is needed in the browser bundle.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
