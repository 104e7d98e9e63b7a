import { METRICS, type Metric } from "./metrics";

/*
 * How many distinct keys a day may add (docs/analytics.md#bounds). Paths of 404s, referring hosts,
 * campaign values, searches and old paths come from visitors and attackers alike: a client may add a
 * few dozen new ones a day to each kind, and each kind takes a few hundred a day in all; past either,
 * a count goes to key `(other)`. A client's user agents make at most a few unique visitors a day.
 * Everything here is in memory for the current day only, and forgotten when the day changes.
 */

/** New distinct keys (key and detail) one client may add to a kind in a day. */
export const CLIENT_NEW_KEYS_PER_DAY = 30;
/** Distinct keys a kind takes in a day, from all clients, in one instance. */
export const KEYS_PER_KIND_PER_DAY = 500;
/** User agents of one client address that count as different visitors in a day. */
export const AGENTS_PER_CLIENT = 5;
/** Clients remembered in a day; past it a new client adds no new key and counts as one visitor. */
export const MAX_CLIENTS_PER_DAY = 20_000;

/** The kinds whose keys visitors write; the others' keys are the site's own paths and names. */
export const BOUNDED_METRICS: ReadonlySet<Metric> = new Set([
  METRICS.referrer,
  METRICS.campaign,
  METRICS.notFound,
  METRICS.search,
  METRICS.legacy,
]);

interface ClientDay {
  /** New keys added, per kind. */
  newKeys: Map<Metric, number>;
  /** The user agents seen (FNV-1a hashes, not the text). */
  agents: Set<number>;
}

/** A cheap 32-bit hash (FNV-1a) of a user agent, to tell a handful apart without keeping the text. */
function agentHash(userAgent: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < userAgent.length; index += 1) {
    hash ^= userAgent.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function createKeyBudget() {
  let day = "";
  const known = new Map<Metric, Set<string>>();
  const clients = new Map<string, ClientDay>();

  const onDay = (today: string) => {
    if (today === day) return;
    day = today;
    known.clear();
    clients.clear();
  };

  const clientOf = (client: string): ClientDay | undefined => {
    let state = clients.get(client);
    if (!state && clients.size < MAX_CLIENTS_PER_DAY) {
      state = { newKeys: new Map(), agents: new Set() };
      clients.set(client, state);
    }
    return state;
  };

  return {
    /**
     * Whether a count of `metric` under its key and detail keeps its own row today: always for
     * a kind that is not bounded and for a key already taken today; for a new key, when the kind has
     * room and the client (when known) has allowance left, which it then spends.
     */
    admit(today: string, metric: Metric, key: string, detail: string, client?: string): boolean {
      if (!BOUNDED_METRICS.has(metric)) return true;
      const id = `${key}\u0000${detail}`;
      onDay(today);
      let keys = known.get(metric);
      if (!keys) {
        keys = new Set();
        known.set(metric, keys);
      }
      if (keys.has(id)) return true;
      if (keys.size >= KEYS_PER_KIND_PER_DAY) return false;
      if (client !== undefined) {
        const state = clientOf(client);
        const spent = state?.newKeys.get(metric) ?? 0;
        if (!state || spent >= CLIENT_NEW_KEYS_PER_DAY) return false;
        state.newKeys.set(metric, spent + 1);
      }
      keys.add(id);
      return true;
    },

    /**
     * The user agent a client's visitor is counted with: its own for the first AGENTS_PER_CLIENT of
     * the day, "" past them (so one address makes at most AGENTS_PER_CLIENT + 1 visitors a day).
     */
    agentOf(today: string, client: string, userAgent: string): string {
      onDay(today);
      const state = clientOf(client);
      if (!state) return "";
      const hash = agentHash(userAgent);
      if (state.agents.has(hash)) return userAgent;
      if (state.agents.size >= AGENTS_PER_CLIENT) return "";
      state.agents.add(hash);
      return userAgent;
    },
  };
}

export type KeyBudget = ReturnType<typeof createKeyBudget>;
