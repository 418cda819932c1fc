// The scoreboard thread as the built worker and CLI run it (an entry of scripts/build-apps.mjs).
import { parentPort, workerData } from "node:worker_threads";
import { serveScoreboard } from "./thread-serve";

await serveScoreboard(parentPort!, workerData);
