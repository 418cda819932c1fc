// The extraction thread as the built CLI and worker run it (an entry of scripts/build-apps.mjs).
import { parentPort } from "node:worker_threads";
import { serveExtraction } from "./extract-serve";

serveExtraction(parentPort!);
