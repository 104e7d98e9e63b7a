import { useState } from "react";
import {
  QUOTE_CLIENT_PACE_GRACE_MS,
  QUOTE_CLIENT_STALL_MS,
  QUOTE_FAILURE,
  QUOTE_UPLOAD_CEILING_MS,
  type QuoteFieldErrors,
} from "~/features/quote/quote";

/** The JSON answer of POST /api/quote, with the HTTP status (0: the server was not reached). */
export interface ApiAnswer {
  ok?: boolean;
  title?: string;
  message?: string;
  reference?: string;
  /** The files that timed out on the server: the request was stored without them. */
  filesNotArrived?: string[] | undefined;
  fieldErrors?: QuoteFieldErrors | undefined;
  status: number;
}

/** The upload as the buyer sees it: how far it is and, once the pace is known, the time left. */
export interface UploadProgress {
  percent: number;
  secondsLeft: number | null;
  /** The files were given up on and the request is being sent without them. */
  withoutFiles: boolean;
}

/** The files stopped arriving, or arrive too slowly to end before the server's ceiling. */
export const FILES_LATE = "files-late";

function readAnswer(xhr: XMLHttpRequest): ApiAnswer {
  try {
    const answer = JSON.parse(xhr.responseText) as Omit<ApiAnswer, "status">;
    if (typeof answer.title !== "string" || typeof answer.message !== "string") throw new Error("no title");
    if (typeof answer.fieldErrors !== "object") answer.fieldErrors = undefined;
    if (!Array.isArray(answer.filesNotArrived)) answer.filesNotArrived = undefined;
    return { ...answer, status: xhr.status };
  } catch {
    // An answer that cannot be read counts as not reaching the server.
    return { ok: false, status: 0, ...QUOTE_FAILURE };
  }
}

/**
 * Sends the form with XMLHttpRequest, which (unlike fetch) reports upload progress. With `watch`
 * (the body carries files) the upload is given up, answering FILES_LATE, when no progress came for
 * QUOTE_CLIENT_STALL_MS, or when its pace says it would not end before the server's ceiling.
 */
function sendWithProgress(
  body: FormData,
  onProgress: (percent: number, secondsLeft: number | null) => void,
  watch: boolean,
): Promise<ApiAnswer | typeof FILES_LATE> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const started = Date.now();
    let lastProgress = started;
    let loaded = 0;
    let secondsLeft: number | null = null;
    const watcher = watch
      ? setInterval(() => {
          const now = Date.now();
          const late = now - started > QUOTE_CLIENT_PACE_GRACE_MS && secondsLeft !== null;
          const tooSlow = late && now - started + (secondsLeft ?? 0) * 1000 > QUOTE_UPLOAD_CEILING_MS * 0.9;
          if (now - lastProgress < QUOTE_CLIENT_STALL_MS && !tooSlow) return;
          clearInterval(watcher);
          xhr.abort();
          resolve(FILES_LATE);
        }, 1000)
      : undefined;
    xhr.open("POST", "/api/quote");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      const now = Date.now();
      if (event.loaded > loaded) lastProgress = now;
      loaded = event.loaded;
      const elapsed = (now - started) / 1000;
      secondsLeft = elapsed >= 2 && loaded > 0 ? ((event.total - loaded) * elapsed) / loaded : null;
      onProgress(Math.round((loaded / event.total) * 100), secondsLeft);
    };
    // Every byte is sent: what is left is the server's to do.
    xhr.upload.onload = () => clearInterval(watcher);
    xhr.onload = () => {
      clearInterval(watcher);
      resolve(readAnswer(xhr));
    };
    xhr.onerror = () => {
      clearInterval(watcher);
      resolve({ ok: false, status: 0, ...QUOTE_FAILURE });
    };
    xhr.send(body);
  });
}

/** The upload of the form and its progress (null while nothing is being sent). */
export function useUpload() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  async function send(body: FormData, options: { watch: boolean; withoutFiles?: boolean }) {
    const withoutFiles = options.withoutFiles ?? false;
    setProgress({ percent: 0, secondsLeft: null, withoutFiles });
    try {
      return await sendWithProgress(
        body,
        (percent, secondsLeft) => setProgress({ percent, secondsLeft, withoutFiles }),
        options.watch,
      );
    } finally {
      setProgress(null);
    }
  }
  return { progress, sending: progress !== null, send };
}
