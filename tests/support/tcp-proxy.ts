import net from "node:net";

/**
 * A TCP proxy for fault tests: forwards bytes between its clients and a target until freeze(), after
 * which it keeps every socket open but passes nothing either way, as a database host that hangs or a
 * network that silently drops packets would. thaw() lets the bytes through again; close() ends
 * everything.
 */
export interface ThawOptions {
  /**
   * Connections opened before thaw() stay frozen for good (their held bytes are dropped) while new
   * ones pass: the database came back, but the sessions it had are lost without a reset reaching the
   * client, as after a failover or a dropped NAT entry.
   */
  keepExistingFrozen?: boolean;
}

export interface TcpProxy {
  port: number;
  /** How many client connections are open right now. */
  connections(): number;
  freeze(): void;
  thaw(options?: ThawOptions): void;
  close(): Promise<void>;
}

interface Pair {
  frozen: boolean;
  /** Frozen for good by thaw({ keepExistingFrozen: true }): its bytes are dropped. */
  lost: boolean;
  client: net.Socket;
  upstream: net.Socket;
  /** Bytes received while frozen, to pass on at thaw(), in order. */
  held: { toUpstream: Buffer[]; toClient: Buffer[] };
  /** A side closed while frozen: its closing is passed on at thaw(), as a network would. */
  endedWhileFrozen: { client: boolean; upstream: boolean };
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let frozen = false;

  const forward = (pair: Pair, from: net.Socket, to: net.Socket, held: Buffer[]) => {
    from.on("data", (chunk: Buffer) => {
      if (pair.lost) return;
      if (pair.frozen) held.push(chunk);
      else to.write(chunk);
    });
  };

  const server = net.createServer((client) => {
    // Until the upstream connection opens, the client's bytes wait in the socket's own buffer.
    client.pause();
    const upstream = net.connect(target.port, target.host);
    const pair: Pair = {
      frozen,
      lost: false,
      client,
      upstream,
      held: { toUpstream: [], toClient: [] },
      endedWhileFrozen: { client: false, upstream: false },
    };
    pairs.add(pair);
    forward(pair, client, upstream, pair.held.toUpstream);
    forward(pair, upstream, client, pair.held.toClient);
    upstream.once("connect", () => client.resume());
    const closeSide = (side: "client" | "upstream") => {
      if (pair.frozen && !pair.lost) {
        pair.endedWhileFrozen[side] = true;
        return;
      }
      finish(pair);
    };
    client.on("close", () => closeSide("client"));
    upstream.on("close", () => closeSide("upstream"));
    // A reset on either side is answered by closing the pair (or, frozen, at thaw()).
    client.on("error", () => undefined);
    upstream.on("error", () => undefined);
  });

  const finish = (pair: Pair) => {
    pair.client.destroy();
    pair.upstream.destroy();
    pairs.delete(pair);
  };

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the proxy has no TCP port");

  return {
    port: address.port,
    connections: () => pairs.size,
    freeze() {
      frozen = true;
      for (const pair of pairs) pair.frozen = true;
    },
    thaw(options = {}) {
      frozen = false;
      for (const pair of [...pairs]) {
        if (pair.endedWhileFrozen.client || pair.endedWhileFrozen.upstream) {
          finish(pair);
          continue;
        }
        if (options.keepExistingFrozen) {
          // Still open, never answered; closed (both ways) only once the client gives it up.
          pair.lost = true;
          pair.held.toUpstream.length = 0;
          pair.held.toClient.length = 0;
          continue;
        }
        pair.frozen = false;
        for (const chunk of pair.held.toUpstream.splice(0)) pair.upstream.write(chunk);
        for (const chunk of pair.held.toClient.splice(0)) pair.client.write(chunk);
      }
    },
    async close() {
      for (const pair of [...pairs]) finish(pair);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
