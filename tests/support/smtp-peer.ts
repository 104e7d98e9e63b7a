import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/*
 * A real SMTP server on 127.0.0.1 that keeps every message it accepts. Its built-in certificate has
 * expired, so STARTTLS and AUTH are off; clients connect with ignoreTLS. With `secure`, it speaks TLS
 * from the first byte (smtps://) with that certificate, which clients then must not verify.
 */

export interface SmtpPeer {
  port: number;
  url: string;
  messages: ParsedMail[];
  /** Each message as it arrived (RFC 5322 source), by its index in messages. */
  raw: Buffer[];
  /** When each message arrived (Date.now()), by its index in messages. */
  receivedAt: number[];
  /** The envelope's recipients (RCPT TO) of each message, by its index in messages: To and Cc alike. */
  recipients: string[][];
  /** While true, the peer answers every message with a temporary failure (451). */
  refuse: boolean;
  /** SMTP connections opened to the peer so far. */
  connections: number;
  stop(): Promise<void>;
}

export async function startSmtpPeer(port = 0, options: { secure?: boolean } = {}): Promise<SmtpPeer> {
  const peer: SmtpPeer = {
    port,
    url: "",
    messages: [],
    raw: [],
    receivedAt: [],
    recipients: [],
    refuse: false,
    connections: 0,
    stop: async () => undefined,
  };
  const server = new SMTPServer({
    secure: options.secure === true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 100,
    onConnect(_session, callback) {
      peer.connections += 1;
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const arrived = Date.now();
        if (peer.refuse) {
          callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
          return;
        }
        const source = Buffer.concat(chunks);
        simpleParser(source)
          .then((parsed) => {
            peer.messages.push(parsed);
            peer.raw.push(source);
            peer.receivedAt.push(arrived);
            peer.recipients.push(session.envelope.rcptTo.map((recipient) => recipient.address));
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  peer.port = (server.server.address() as AddressInfo).port;
  peer.url = `${options.secure ? "smtps" : "smtp"}://127.0.0.1:${peer.port}`;
  peer.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return peer;
}
