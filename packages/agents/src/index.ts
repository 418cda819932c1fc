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
export { listOwnerAgents, listEndpointAgents, listPlayableAgents, ownsAgent, disableAgent, enableAgent, recentSubmissions, agentOverviewSchema, SHOWN_STATUSES, type AgentOverview, type ShownStatus } from "./owners";
export { updateAgentDescription, withdrawAgent, removeAgent, agentEditSchema, type AgentEdit, type Actor } from "./lifecycle";
export { SUBMITTED_PROTOCOLS, STORED_PROTOCOL, ENDPOINT_PROTOCOLS, submittedProtocolSchema, endpointProtocolSchema, type SubmittedProtocol, type EndpointProtocol } from "./protocols";
export { AGENT_DESCRIPTION_MAX } from "./limits";
