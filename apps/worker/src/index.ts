export { startWorkers, type RunningWorkers } from "./workers";
