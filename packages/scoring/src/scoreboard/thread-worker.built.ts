// The scoreboard thread as the built worker and CLI run it (an entry of scripts/build-apps.mjs).
import { parentPort } from "node:worker_threads";
import { serveScoreboard } from "./thread-serve";

serveScoreboard(parentPort!);
