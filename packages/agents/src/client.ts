import { priceTable, type Price } from "@arena/core";
import { arenaEnv } from "@arena/env";
// The extractor alone: the crawl index would pull its worker thread into every bundle (the web app).
import { extractPage } from "@arena/trees/extract";
import { arenaHttpAgent, arenaHttpHealth } from "./protocols/arena-http";
import { builtinAgent } from "./builtin/agent";
import type { SandboxApi } from "./builtin/research";
import { httpSandboxApi, type HtmlToText } from "./builtin/sandbox-client";
import { anthropicAgent, anthropicHealth } from "./protocols/anthropic-agent";
import {
  AnthropicConfigSchema,
  ArenaHttpConfigSchema,
  BuiltinConfigSchema,
  GeminiConfigSchema,
  OpenAIConfigSchema,
  OpenAIResponsesConfigSchema,
  SimulatedConfigSchema,
  parseConfig,
} from "./config";
import { geminiAgent, geminiHealth } from "./protocols/gemini-agent";
import { openAIAgent, openAIHealth } from "./protocols/openai-agent";
import { responsesAgent, responsesHealth } from "./protocols/openai-responses";
import { decryptSecret, loadSecretKey, secretContext } from "./secrets";
import { simulatedAgent } from "./protocols/simulated-agent";
import type { AgentClient, AgentProtocolName, AgentRecord, HealthResult } from "./types";
import type { z } from "zod";

export interface AgentDeps {
  /** Base URL of the sandbox server; required for built-in agents. */
  sandboxUrl?: string;
  /**
   * Operator allow-list entries (e.g. the AllowedHost table, the sandbox host). An endpoint agent
   * may use them for its own origin only; built-in agents reach the sandbox with them.
   */
  allow?: string[];
  /** Key for `secretEnc`; loaded lazily with `loadSecretKey()` when absent. */
  secretKey?: Buffer | (() => Buffer);
  /** HTML-to-text for sandbox pages; default: the crawler's readable-text extraction. */
  extractText?: HtmlToText;
  /** A ready sandbox API (tests, or an in-process sandbox) instead of `sandboxUrl`. */
  sandbox?: SandboxApi;
  /** Model prices for cost estimates; default: the built-in table with ARENA_MODEL_PRICES overrides. */
  prices?: Readonly<Record<string, Price>>;
  /**
   * False: provider redirect links in answers (Gemini's grounding links) are never resolved. The
   * web process sets it: its "Test endpoint" probe makes no request an answer asks for.
   */
  resolveRedirects?: boolean;
}

/**
 * The client for one agent record. Throws (arena-side misconfiguration, not an agent failure)
 * when the record lacks what its protocol needs, its config is invalid, or its secret cannot be
 * decrypted; once built, `answer` never throws for agent-side failures.
 */
export function createAgentClient(agent: AgentRecord, deps: AgentDeps = {}): AgentClient {
  return PROTOCOLS[agent.protocol].client(agent, deps);
}

/** Whether the agent can be called now: see each protocol's health check. */
export async function healthCheck(agent: AgentRecord, deps: AgentDeps = {}): Promise<HealthResult> {
  try {
    return await PROTOCOLS[agent.protocol].health(agent, deps);
  } catch (err) {
    return { ok: false, detail: err instanceof Error ? err.message : String(err) };
  }
}

/** How the arena calls an agent of one protocol, and checks that it can be called. */
interface ProtocolAdapter {
  client(agent: AgentRecord, deps: AgentDeps): AgentClient;
  health(agent: AgentRecord, deps: AgentDeps): Promise<HealthResult>;
}

/** One adapter per protocol (AGENT_PROTOCOLS in @arena/core): a new protocol adds its row here. */
const PROTOCOLS: { [P in AgentProtocolName]: ProtocolAdapter } = {
  openai: {
    client: (agent, deps) => openAIAgent(openAIOptions(agent, deps)),
    health: (agent, deps) => openAIHealth(openAIOptions(agent, deps)),
  },
  arena_http: {
    client: (agent, deps) =>
      arenaHttpAgent({
        name: agent.name,
        endpoint: required(agent, "endpoint"),
        bearer: secretOf(agent, deps),
        config: parseConfig(ArenaHttpConfigSchema, agent.config, agent.name),
        allow: deps.allow,
      }),
    health: (agent, deps) => arenaHttpHealth({ endpoint: required(agent, "endpoint"), bearer: secretOf(agent, deps), allow: deps.allow }),
  },
  openai_responses: {
    client: (agent, deps) => responsesAgent(providerOptions(agent, deps, OpenAIResponsesConfigSchema)),
    health: (agent, deps) => responsesHealth(providerOptions(agent, deps, OpenAIResponsesConfigSchema)),
  },
  anthropic: {
    client: (agent, deps) => anthropicAgent(providerOptions(agent, deps, AnthropicConfigSchema)),
    health: (agent, deps) => anthropicHealth(providerOptions(agent, deps, AnthropicConfigSchema)),
  },
  gemini: {
    client: (agent, deps) => geminiAgent({ ...providerOptions(agent, deps, GeminiConfigSchema), resolveRedirects: deps.resolveRedirects }),
    health: (agent, deps) => geminiHealth(providerOptions(agent, deps, GeminiConfigSchema)),
  },
  builtin: {
    client: (agent, deps) => {
      const config = parseConfig(BuiltinConfigSchema, agent.config, agent.name);
      return builtinAgent(agent.name, config, sandboxOf(agent, deps, config.timeoutMs));
    },
    health: async (agent, deps) => {
      const config = parseConfig(BuiltinConfigSchema, agent.config, agent.name);
      await sandboxOf(agent, deps, config.timeoutMs).search("health", 1);
      return { ok: true, detail: "sandbox search answered" };
    },
  },
  simulated: {
    client: (agent) => simulatedAgent(agent.name, parseConfig(SimulatedConfigSchema, agent.config, agent.name)),
    health: async (agent) => {
      parseConfig(SimulatedConfigSchema, agent.config, agent.name);
      return { ok: true, detail: "simulated agent" };
    },
  },
};

function openAIOptions(agent: AgentRecord, deps: AgentDeps) {
  return providerOptions(agent, deps, OpenAIConfigSchema);
}

/** What every provider adapter takes: base URL, model, key, its parsed config, the allow-list and prices. */
function providerOptions<S extends z.ZodType>(agent: AgentRecord, deps: AgentDeps, schema: S) {
  return {
    name: agent.name,
    baseUrl: required(agent, "endpoint"),
    model: required(agent, "model"),
    apiKey: secretOf(agent, deps),
    config: parseConfig(schema, agent.config, agent.name),
    allow: deps.allow,
    prices: deps.prices ?? priceTable(arenaEnv().ARENA_MODEL_PRICES),
  };
}

function sandboxOf(agent: AgentRecord, deps: AgentDeps, timeoutMs: number): SandboxApi {
  if (deps.sandbox) return deps.sandbox;
  if (!deps.sandboxUrl) throw new Error(`agent ${agent.name}: built-in agents need a sandbox URL`);
  return httpSandboxApi({ baseUrl: deps.sandboxUrl, allow: deps.allow, timeoutMs, extract: deps.extractText ?? pageContent });
}

const pageContent: HtmlToText = (html, url) => extractPage(html, url).content;

function required(agent: AgentRecord, field: "endpoint" | "model"): string {
  const value = agent[field];
  if (!value) throw new Error(`agent ${agent.name}: protocol ${agent.protocol} needs ${field}`);
  return value;
}

function secretOf(agent: AgentRecord, deps: AgentDeps): string | null {
  if (!agent.secretEnc) return null;
  const key = typeof deps.secretKey === "function" ? deps.secretKey() : (deps.secretKey ?? loadSecretKey());
  return decryptSecret(agent.secretEnc, key, secretContext("agent", agent.name, "secretEnc"));
}
