import type { AgentAnswer, AgentRequest } from "@arena/core";
import { sdkFetch } from "@arena/net";
import OpenAI from "openai";
import { z } from "zod";
import { AgentCallError, answerOf, classifyError, failedAnswer, healthFailure, tokenCount } from "./answer";
import { callCost, priceFor, type Price } from "@arena/core";
import type { OpenAIConfig } from "./config";
import { chatMessages } from "./prompt";
import type { AgentClient, AnswerContext, HealthResult } from "./types";

export interface OpenAIAgentOptions {
  name: string;
  baseUrl: string;
  model: string;
  apiKey: string | null;
  config: OpenAIConfig;
  /** Operator allow-list entries; like ARENA_AGENT_ALLOW_HOSTS they open only this agent's own origin. */
  allow?: string[];
  /** Model price table (core's priceTable, with the operator's overrides); `config.price` wins over it. */
  prices: Readonly<Record<string, Price>>;
}

/** The part of a chat completion the arena relies on; anything else in the body is ignored. */
const CompletionSchema = z.object({
  choices: z
    .array(z.object({ message: z.object({ content: z.string().nullable().optional() }) }))
    .min(1),
  usage: z
    .object({ prompt_tokens: tokenCount, completion_tokens: tokenCount, total_tokens: tokenCount })
    .nullish(),
});

/** SDK retries (429 and 5xx, Retry-After honoured); the guarded fetch under it does not retry. */
const SDK_MAX_RETRIES = 2;

function sdkClient(o: OpenAIAgentOptions): OpenAI {
  return new OpenAI({
    baseURL: o.baseUrl,
    // Local servers often need no key; the SDK insists on one.
    apiKey: o.apiKey ?? "no-key",
    // Explicit nulls: left undefined, the SDK reads OPENAI_ORG_ID / OPENAI_PROJECT_ID from the
    // environment and would send the operator's identifiers to an untrusted agent.
    organization: null,
    project: null,
    timeout: o.config.timeoutMs,
    maxRetries: SDK_MAX_RETRIES,
    fetch: sdkFetch({ allow: o.allow, purpose: "agent", allowOrigin: o.baseUrl, timeoutMs: o.config.timeoutMs, maxBytes: o.config.maxBytes }),
  });
}

/**
 * An agent behind any OpenAI-compatible chat-completions endpoint. Messages: the answer-format
 * system prompt, previous Q/A of the match as user/assistant turns, then the question with its
 * word-limit instruction. Tokens come from `usage`; cost is estimated from the price table.
 */
export function openAIAgent(o: OpenAIAgentOptions): AgentClient {
  const client = sdkClient(o);
  const price = o.config.price ?? priceFor(o.model, o.prices);
  return {
    name: o.name,
    async answer(req: AgentRequest, ctx: AnswerContext): Promise<AgentAnswer> {
      const started = performance.now();
      try {
        const raw: unknown = await client.chat.completions.create(
          {
            model: o.model,
            messages: chatMessages(req),
            ...(o.config.temperature !== undefined ? { temperature: o.config.temperature } : {}),
            ...(o.config.maxTokens !== undefined ? { max_completion_tokens: o.config.maxTokens } : {}),
          },
          ctx.signal ? { signal: ctx.signal } : {},
        );
        const completion = CompletionSchema.parse(raw);
        const text = completion.choices[0]!.message.content?.trim() ?? "";
        if (!text) throw new AgentCallError("malformed", "completion has no message content");
        const usage = completion.usage;
        return answerOf(text, started, {
          tokens: usage?.total_tokens ?? null,
          costUsd: usage ? callCost(price, usage.prompt_tokens, usage.completion_tokens) : null,
        });
      } catch (err) {
        return failedAnswer(classifyError(err), started);
      }
    },
  };
}

/** Health: `GET {baseUrl}/models` answers, and lists the model when the server lists any. */
export async function openAIHealth(o: OpenAIAgentOptions): Promise<HealthResult> {
  try {
    const ids: string[] = [];
    for await (const m of sdkClient({ ...o, config: { ...o.config, timeoutMs: Math.min(o.config.timeoutMs, 15_000) } }).models.list()) {
      ids.push(m.id);
    }
    if (ids.length && !ids.includes(o.model)) return { ok: false, detail: `model ${o.model} not offered (${ids.slice(0, 5).join(", ")})` };
    return { ok: true, detail: `models endpoint answered (${ids.length} models)` };
  } catch (err) {
    return healthFailure(err);
  }
}
