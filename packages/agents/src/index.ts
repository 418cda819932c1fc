export * from "./types";
export { parseCitations, type ParsedCitations, type ReferenceEntry } from "./citations";
export { encryptSecret, decryptSecret, loadSecretKey, parseSecretKey, SecretError, DEFAULT_KEY_FILE } from "./secrets";
export { classifyError, type AgentFailure } from "./answer";
export {
  OpenAIConfigSchema,
  ArenaHttpConfigSchema,
  BuiltinConfigSchema,
  SimulatedConfigSchema,
  type OpenAIConfig,
  type ArenaHttpConfig,
  type BuiltinConfig,
  type SimulatedConfig,
} from "./config";
export { ANSWER_FORMAT_INSTRUCTIONS, chatMessages } from "./prompt";
export { openAIAgent, openAIHealth, type OpenAIAgentOptions } from "./openai-agent";
export {
  ARENA_PROTOCOL,
  ArenaRequestSchema,
  ArenaAnswerSchema,
  ArenaAcceptedSchema,
  arenaHttpAgent,
  arenaHttpHealth,
  healthUrl,
  type ArenaRequest,
  type ArenaHttpAgentOptions,
} from "./arena-http";
export { simulatedAgent, simulatedText } from "./simulated";
export { builtinAgent, BUILTIN_AGENTS } from "./builtin/agent";
export { extractiveAnswer, researcherAnswer, type SandboxApi, type SearchHit } from "./builtin/research";
export { httpSandboxApi, type HtmlToText, type SandboxApiOptions } from "./builtin/sandbox-client";
export { createAgentClient, healthCheck, type AgentDeps } from "./client";
export { ensureBuiltinAgents, agentLimits } from "./registry";
