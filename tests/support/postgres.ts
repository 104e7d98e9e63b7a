import pg from "pg";

/** The PostgreSQL the tests may create databases and schemas in (trust auth on our machines and in CI). */
export const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** Runs one statement on a connection of its own. */
export async function pgQuery<T>(
  connectionString: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The admin URL with another database name, and optionally another port on 127.0.0.1 (a proxy's). */
export function databaseUrlFor(name: string, port?: number): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  if (port !== undefined) {
    url.hostname = "127.0.0.1";
    url.port = String(port);
  }
  return url.toString();
}
