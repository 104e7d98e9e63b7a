// The SQLite checkpoint thread (WriteAheadLog in sqlite.server.ts): opens the database once and, on
// each message, runs a passive checkpoint and answers with SQLite's figures or the error; "close"
// closes the database and ends the thread. Plain JavaScript, so it runs as it is, from source or
// copied into a build; the driver's path comes from the caller, which resolved it.

import { createRequire } from "node:module";
import { parentPort, workerData } from "node:worker_threads";

const require = createRequire(import.meta.url);
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });

parentPort.on("message", (message) => {
  if (message === "close") {
    db.close();
    parentPort.close();
    return;
  }
  try {
    const [result] = db.pragma("wal_checkpoint(PASSIVE)");
    parentPort.postMessage({ log: result.log, checkpointed: result.checkpointed });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
