export {
  generateWorld,
  scaleParams,
  formatNumber,
  type World,
  type WorldParams,
  type WorldTree,
  type TruthEntry,
  type TruthValue,
} from "./generate";
export { importWorld, WorldConflictError, worldImportResultSchema, worldRequestSchema, type WorldImport } from "./import";
