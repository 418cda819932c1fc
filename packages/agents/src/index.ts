export * from "./types";
export { encryptSecret, decryptSecret, loadSecretKey, secretContext } from "./secrets";
export { createAgentClient, healthCheck, type AgentDeps } from "./client";
export { ensureBuiltinAgents, agentLimits } from "./registry";
export {
  registerAgent,
  recheckAgentHealth,
  rotateAgentKey,
  probeAgentEndpoint,
  probeQuestion,
  checkAgentEndpoint,
  fromSubmission,
  agentSubmissionSchema,
  agentNameSchema,
  agentNamed,
  agentDescriptionSchema,
  AgentRegistrationError,
  type AgentSubmission,
  type NewAgent,
  type RegisteredAgent,
  type ProbeResult,
} from "./register";
export {
  listOwnerAgents,
  listAllAgents,
  listPlayableAgents,
  ownsAgent,
  disableAgent,
  enableAgent,
  recentSubmissions,
  agentOverviewSchema,
  SHOWN_STATUSES,
  type AgentOverview,
  type ShownStatus,
} from "./owners";
export {
  SUBMITTED_PROTOCOLS,
  STORED_PROTOCOL,
  ENDPOINT_PROTOCOLS,
  DEFAULT_ENDPOINTS,
  PROVIDER_TOOLS,
  submittedProtocolSchema,
  endpointProtocolSchema,
  toolsOf,
  type SubmittedProtocol,
  type EndpointProtocol,
} from "./protocols";
export { probeAnswerProblems, ACCEPTED_CITATION_FORMATS } from "./probe-check";
export {
  readAgentRoundErrors,
  failingAgentIds,
  summariseRounds,
  agentRoundErrorsSchema,
  FAILING_AFTER,
  type AgentRoundErrors,
} from "./play-health";
export { updateAgentDescription, withdrawAgent, removeAgent, agentEditSchema, type AgentEdit, type Actor } from "./lifecycle";
export { AGENT_DESCRIPTION_MAX } from "./limits";
export { AGENT_ACTIONS, agentActionAllowed, type AgentAction } from "./actions";
export { submissionAllowed, SUBMISSIONS_PER_HOUR, PROBES_PER_HOUR, LIMIT_WINDOW_MS } from "./submissions";
export { PROVIDER_PRESETS, presetById, type ProviderPreset } from "./presets";
export { withReferences, citedUrl, type StructuredCitation } from "./protocols/structured-citations";
