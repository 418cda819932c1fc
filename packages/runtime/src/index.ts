export { startWorkers, type RunningWorkers, type WorkerOptions } from "./workers";
export { log, errorContext } from "./log";
