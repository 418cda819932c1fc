import type { SubmittedProtocol } from "./protocols";

/**
 * Provider presets: what a person picks in the submission form (and what `arena agent add`'s help
 * lists) so that only what the provider needs is asked. Each preset names a registration protocol
 * and fills its endpoint, a suggested model and the tools the provider runs; the person gives the
 * key and may change the model or the tools. Plain data (no imports at run time): the browser
 * form imports it.
 */
export interface ProviderPreset {
  id: string;
  label: string;
  /** One line under the choice: what this kind of agent is. */
  hint: string;
  protocol: SubmittedProtocol;
  /** The API base URL filled in; null: the person gives the endpoint. */
  endpoint: string | null;
  /** Shown as the endpoint field's example when the person gives it. */
  endpointExample?: string;
  /** Null: the protocol takes no model (the agent chooses). */
  model: { suggested: string; examples: readonly string[] } | null;
  /** Null: the protocol takes no tools. */
  tools: { offered: readonly string[]; chosen: readonly string[] } | null;
  key: { label: string; required: boolean };
}

export const PROVIDER_PRESETS: readonly ProviderPreset[] = [
  {
    id: "openai-deep-research",
    label: "OpenAI deep research",
    hint: "Responses API in background mode: o3 / o4-mini deep research, polled until done (minutes).",
    protocol: "openai-responses",
    endpoint: "https://api.openai.com/v1",
    model: { suggested: "o4-mini-deep-research", examples: ["o4-mini-deep-research", "o3-deep-research"] },
    tools: { offered: ["web_search", "web_search_preview", "code_interpreter"], chosen: ["web_search_preview", "code_interpreter"] },
    key: { label: "OpenAI API key", required: true },
  },
  {
    id: "openai-responses",
    label: "OpenAI Responses API with web search",
    hint: "Any Responses API model with the hosted web search (and code interpreter) tools.",
    protocol: "openai-responses",
    endpoint: "https://api.openai.com/v1",
    model: { suggested: "gpt-5", examples: ["gpt-5", "gpt-5-mini", "o3", "gpt-4.1"] },
    tools: { offered: ["web_search", "web_search_preview", "code_interpreter"], chosen: ["web_search"] },
    key: { label: "OpenAI API key", required: true },
  },
  {
    id: "anthropic",
    label: "Anthropic Claude with web search",
    hint: "Messages API with the server-side web search tool; citations come as citation blocks.",
    protocol: "anthropic",
    endpoint: "https://api.anthropic.com",
    model: { suggested: "claude-sonnet-4-6", examples: ["claude-sonnet-4-6", "claude-opus-4-6", "claude-haiku-4-5"] },
    tools: { offered: ["web_search", "web_fetch"], chosen: ["web_search"] },
    key: { label: "Anthropic API key", required: true },
  },
  {
    id: "gemini",
    label: "Google Gemini with Google Search",
    hint: "Gemini API with Grounding with Google Search; citations come as grounding metadata.",
    protocol: "gemini",
    endpoint: "https://generativelanguage.googleapis.com",
    model: { suggested: "gemini-2.5-pro", examples: ["gemini-2.5-pro", "gemini-2.5-flash"] },
    tools: { offered: ["google_search", "url_context", "code_execution"], chosen: ["google_search"] },
    key: { label: "Gemini API key", required: true },
  },
  {
    id: "perplexity",
    label: "Perplexity Sonar",
    hint: "Chat completions with Perplexity's citations list beside the text.",
    protocol: "openai",
    endpoint: "https://api.perplexity.ai",
    model: { suggested: "sonar-deep-research", examples: ["sonar-deep-research", "sonar-reasoning-pro", "sonar-pro"] },
    tools: null,
    key: { label: "Perplexity API key", required: true },
  },
  {
    id: "openai-compatible",
    label: "OpenAI-compatible chat completions",
    hint: "Any chat-completions endpoint: search models, routers, your own server (annotations are read).",
    protocol: "openai",
    endpoint: null,
    endpointExample: "https://openrouter.ai/api/v1",
    model: { suggested: "", examples: ["gpt-4o-search-preview", "openai/gpt-4o:online"] },
    tools: null,
    key: { label: "API key", required: false },
  },
  {
    id: "arena-http",
    label: "Your own agent (arena HTTP protocol)",
    hint: "POST question → 200 answer, or 202 + poll for long runs; optional research trace.",
    protocol: "arena-http",
    endpoint: null,
    endpointExample: "https://agent.example.com/answer",
    model: null,
    tools: null,
    key: { label: "Bearer token", required: false },
  },
];

export function presetById(id: string): ProviderPreset | undefined {
  return PROVIDER_PRESETS.find((p) => p.id === id);
}
