import net from "node:net";

/*
 * Quote posts written by hand on a raw socket, for the hostile-upload suites: a multipart body in pieces,
 * headers that announce more than is sent, and the answer read as soon as the server gives one.
 */

export const BOUNDARY = "----hostileUploadBoundary7MA4YWxkTrZu0gW";

export const field = (name: string, value: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);

/** The start of a PDF file part: its headers and the first bytes of the file. */
export const fileHead = (name: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\n` +
      "Content-Type: application/pdf\r\n\r\n%PDF-1.7\n",
  );

export const closing = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

/** A form token as the quote page hands it out, old enough to pass the fill-time check. */
export async function formToken(origin: string): Promise<string> {
  const html = await (await fetch(`${origin}/quote`)).text();
  const token = /name="startedAt"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="startedAt"/.exec(html);
  const value = token?.[1] ?? token?.[2];
  if (!value) throw new Error("the quote page carries no form token");
  await new Promise((resolve) => setTimeout(resolve, 3_100));
  return value;
}

export interface HeldPost {
  /** Resolves with the answer's status code, or 0 when the connection closes without one. */
  answered: Promise<number>;
  /** The status of the answer, or -1 when none came within `waitMs`. */
  status(waitMs: number): Promise<number>;
  answer(): string;
  /** Sends more of the body; false once the connection is gone. */
  write(bytes: Buffer): Promise<boolean>;
  destroy(): void;
}

/**
 * A POST /quote on a raw socket from `client` (an X-Forwarded-For the server trusts): its headers,
 * announcing `length` bytes, and `start`; the rest only when the test writes it.
 */
export function openPost(port: number, client: string, length: number, start: Buffer): HeldPost {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  let settle: (status: number) => void = () => undefined;
  const answered = new Promise<number>((resolve) => {
    settle = resolve;
  });
  socket.on("data", (chunk: Buffer) => {
    received += chunk.toString("utf8");
    const status = /^HTTP\/1\.1 (\d{3})/.exec(received);
    if (status) settle(Number(status[1]));
  });
  socket.on("error", () => settle(0));
  socket.on("close", () => settle(0));
  socket.write(
    `POST /quote HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Forwarded-For: ${client}\r\n` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${length}\r\n` +
      "Sec-Fetch-Site: same-origin\r\n\r\n",
  );
  if (start.length > 0) socket.write(start);
  return {
    answered,
    status: (waitMs) =>
      Promise.race([answered, new Promise<number>((resolve) => setTimeout(() => resolve(-1), waitMs))]),
    answer: () => received,
    write: (bytes) =>
      new Promise((resolve) => {
        if (socket.destroyed) return resolve(false);
        socket.write(bytes, (error) => resolve(!error));
      }),
    destroy: () => socket.destroy(),
  };
}

let lastClient = 0;
/** A client address of its own for each post (the server trusts X-Forwarded-For in these suites). */
export function nextClientAddress(): string {
  lastClient += 1;
  return `203.0.113.${lastClient % 250}, 198.51.${Math.floor(lastClient / 250)}.${lastClient % 250}`;
}
