export { startWorkers, type WorkerOptions, type RunningWorkers } from "./workers";
export { reconcile } from "./reconcile";
