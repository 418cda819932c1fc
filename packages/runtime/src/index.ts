export { startWorkers, type RunningWorkers, type WorkerOptions } from "./workers";
export { log, errorContext } from "./log";
export { runSimulation, type SimulationOptions } from "./run-simulation";
export {
  prepareDemo,
  demoTournament,
  demoLiveTournament,
  freshDemoTree,
  DEMO_SIMULATED,
  DEMO_LIVE_NAME,
  type DemoOptions,
  type DemoArena,
} from "./demo";
