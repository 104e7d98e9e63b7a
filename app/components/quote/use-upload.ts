import { useState } from "react";
import { QUOTE_FAILURE, type QuoteFieldErrors } from "~/forms/quote";

/** The JSON answer of POST /api/quote, with the HTTP status (0: the server was not reached). */
export interface ApiAnswer {
  ok?: boolean;
  title?: string;
  message?: string;
  reference?: string;
  fieldErrors?: QuoteFieldErrors | undefined;
  status: number;
}

/** Sends the form with XMLHttpRequest, which (unlike fetch) reports upload progress. */
function sendWithProgress(body: FormData, onProgress: (percent: number) => void): Promise<ApiAnswer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/quote");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      try {
        const answer = JSON.parse(xhr.responseText) as Omit<ApiAnswer, "status">;
        if (typeof answer.title !== "string" || typeof answer.message !== "string")
          throw new Error("no title");
        if (typeof answer.fieldErrors !== "object") answer.fieldErrors = undefined;
        resolve({ ...answer, status: xhr.status });
      } catch {
        // An answer that cannot be read counts as not reaching the server.
        resolve({ ok: false, status: 0, ...QUOTE_FAILURE });
      }
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, ...QUOTE_FAILURE });
    xhr.send(body);
  });
}

/** The upload of the form and its progress (null while nothing is being sent). */
export function useUpload() {
  const [progress, setProgress] = useState<number | null>(null);
  async function send(body: FormData): Promise<ApiAnswer> {
    setProgress(0);
    try {
      return await sendWithProgress(body, setProgress);
    } finally {
      setProgress(null);
    }
  }
  return { progress, sending: progress !== null, send };
}
