export * from "./types";
export { encryptSecret, decryptSecret, loadSecretKey } from "./secrets";
export { createAgentClient, healthCheck, type AgentDeps } from "./client";
export { ensureBuiltinAgents, agentLimits } from "./registry";
