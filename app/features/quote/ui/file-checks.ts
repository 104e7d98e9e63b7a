import { quoteFormText } from "~/content/quote-form";
import type { FormText } from "~/features/leads/form-input";
import { QUOTE_MAX_FILE_BYTES, QUOTE_MAX_FILES, QUOTE_MAX_TOTAL_FILE_BYTES } from "~/features/quote/quote";

export const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Checks the browser can make before the upload starts; the server checks the same and the content. */
export function checkFiles(files: readonly File[]): FormText | null {
  const text = quoteFormText.fileProblems;
  if (files.length > QUOTE_MAX_FILES) return text.tooMany(QUOTE_MAX_FILES);
  let total = 0;
  for (const file of files) {
    if (file.size === 0) return text.empty(file.name);
    if (file.size > QUOTE_MAX_FILE_BYTES) return text.tooLarge(file.name, megabytes(QUOTE_MAX_FILE_BYTES));
    total += file.size;
  }
  if (total > QUOTE_MAX_TOTAL_FILE_BYTES) return text.totalTooLarge(megabytes(QUOTE_MAX_TOTAL_FILE_BYTES));
  return null;
}
