// The SQLite read thread (read-off-loop.server.ts): opens the database read-only once and, for each
// message { id, sql, parameters }, runs the statement and answers { id, rows } or { id, error }. Only
// statements that return rows (reads) are run; "close" closes the database and ends the thread. Plain
// JavaScript, so it runs as it is, from source or copied into a build; the driver's path comes from the
// caller, which resolved it.

import { createRequire } from "node:module";
import { parentPort, workerData } from "node:worker_threads";

const require = createRequire(import.meta.url);
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma(`busy_timeout = ${workerData.busyTimeoutMs}`);
const statements = new Map();

parentPort.on("message", (message) => {
  if (message === "close") {
    db.close();
    parentPort.close();
    return;
  }
  const { id, sql, parameters } = message;
  try {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      if (!statement.reader) throw new Error("the read thread runs reads only");
      if (statements.size >= 256) statements.clear();
      statements.set(sql, statement);
    }
    parentPort.postMessage({ id, rows: statement.all(parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
