import type { $Enums } from "@arena/db";
import type { AgentProtocolName } from "@arena/core";
import { z } from "zod";

/**
 * The protocols an agent with an endpoint is registered with (CLI, submission form, API), as users
 * write them, and the stored protocol each means; built-in and simulated agents are created by the
 * arena itself. How each protocol is called and health-checked: the adapter table in client.ts.
 * Imports nothing at run time but zod, so the CLI can parse its options with it cheaply.
 */
export const SUBMITTED_PROTOCOLS = ["openai", "arena-http", "openai-responses", "anthropic", "gemini"] as const;
export type SubmittedProtocol = (typeof SUBMITTED_PROTOCOLS)[number];
export const submittedProtocolSchema = z.enum(SUBMITTED_PROTOCOLS, `protocol must be one of ${SUBMITTED_PROTOCOLS.join(", ")}`);

export const STORED_PROTOCOL = {
  openai: "openai",
  "arena-http": "arena_http",
  "openai-responses": "openai_responses",
  anthropic: "anthropic",
  gemini: "gemini",
} as const satisfies Record<SubmittedProtocol, AgentProtocolName>;
export type EndpointProtocol = (typeof STORED_PROTOCOL)[SubmittedProtocol];

/** Stored names of the endpoint protocols (the agents owners submit). */
export const ENDPOINT_PROTOCOLS = [
  "openai",
  "arena_http",
  "openai_responses",
  "anthropic",
  "gemini",
] as const satisfies readonly EndpointProtocol[];
export const endpointProtocolSchema = z.enum(ENDPOINT_PROTOCOLS);

/**
 * The provider protocols' API base URLs, used when a registration gives no endpoint (the SDKs add
 * the paths: `/responses`, `/v1/messages`, `/v1beta/models/…`). An endpoint given instead (a proxy,
 * a compatible server, the test servers) goes through the address guard like any other.
 */
export const DEFAULT_ENDPOINTS: Partial<Record<EndpointProtocol, string>> = {
  openai_responses: "https://api.openai.com/v1",
  anthropic: "https://api.anthropic.com",
  gemini: "https://generativelanguage.googleapis.com",
};

/** Tools an operator can give a provider-hosted agent, per protocol (the provider runs them). */
export const PROVIDER_TOOLS = {
  openai_responses: ["web_search", "web_search_preview", "code_interpreter"],
  anthropic: ["web_search", "web_fetch"],
  gemini: ["google_search", "url_context", "code_execution"],
} as const satisfies Partial<Record<EndpointProtocol, readonly string[]>>;
export type ProviderToolProtocol = keyof typeof PROVIDER_TOOLS;

/** The tools a protocol offers, or null when it takes none (the agent brings its own). */
export function toolsOf(protocol: EndpointProtocol): readonly string[] | null {
  return Object.hasOwn(PROVIDER_TOOLS, protocol) ? PROVIDER_TOOLS[protocol as ProviderToolProtocol] : null;
}

/** Protocols registered without a model name (the agent chooses its own). */
export const MODEL_OPTIONAL: readonly EndpointProtocol[] = ["arena_http"];

/**
 * What a registration of `protocol` lacks or gets wrong (the CLI and the submission schema share
 * these rules): an endpoint unless the provider has a default, a model unless the protocol takes
 * none, tools only where the provider runs them and only those it offers.
 */
export function registrationProblems(r: {
  protocol: SubmittedProtocol;
  endpoint?: string | undefined;
  model?: string | undefined;
  tools?: readonly string[] | undefined;
}): { field: "endpoint" | "model" | "tools"; message: string }[] {
  const stored = STORED_PROTOCOL[r.protocol];
  const problems: { field: "endpoint" | "model" | "tools"; message: string }[] = [];
  if (!r.endpoint && !DEFAULT_ENDPOINTS[stored])
    problems.push({ field: "endpoint", message: `endpoint is required for the ${r.protocol} protocol` });
  if (!r.model && !MODEL_OPTIONAL.includes(stored))
    problems.push({ field: "model", message: `model is required for the ${r.protocol} protocol` });
  const offered = toolsOf(stored);
  if (r.tools && !offered) problems.push({ field: "tools", message: `the ${r.protocol} protocol takes no tools` });
  else if (r.tools && offered) {
    if (!r.tools.length) problems.push({ field: "tools", message: "choose at least one tool" });
    for (const t of r.tools)
      if (!offered.includes(t)) problems.push({ field: "tools", message: `tool ${t} is not one of ${offered.join(", ")}` });
  }
  return problems;
}

// Checked at compile time: every endpoint protocol is listed, and core's closed set and the
// database enum name the same protocols.
type Same<X, Y> = [X] extends [Y] ? ([Y] extends [X] ? true : never) : never;
const agree: [Same<EndpointProtocol, (typeof ENDPOINT_PROTOCOLS)[number]>, Same<AgentProtocolName, $Enums.AgentProtocol>] = [true, true];
void agree;
