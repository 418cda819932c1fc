export { startWorkers, type RunningWorkers, type WorkerOptions } from "./workers";
