export { startWorkers, type RunningWorkers, type WorkerOptions } from "./workers";
export { log, errorContext } from "./log";
export { runSimulation, type SimulationOptions } from "./simulate";
export { prepareDemo, demoTournament, DEMO_SIMULATED, type DemoOptions, type DemoArena } from "./demo";
