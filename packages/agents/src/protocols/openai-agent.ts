import type { AgentAnswer, AgentRequest } from "@arena/core";
import { agentFetch } from "../agent-fetch";
import OpenAI, { APIError } from "openai";
import { z } from "zod";
import {
  AgentCallError,
  answerOf,
  classifyError,
  failedAnswer,
  healthFailure,
  readAnswer,
  sdkCall,
  tokenCount,
  withinAnswerCap,
} from "../answer";
import { callCost, priceFor } from "@arena/core";
import type { OpenAIConfig } from "../config";
import { chatMessages } from "../prompt";
import { ANSWER_CAPS, capped, codePointOffsets, untrustedList, withReferences, type StructuredCitation } from "./structured-citations";
import { withoutOperatorEnv } from "../sdk-env";
import type { AgentClient, AnswerContext, HealthResult, ProviderAgentOptions } from "../types";

export type OpenAIAgentOptions = ProviderAgentOptions<OpenAIConfig>;

/** A `url_citation` annotation of a chat-completion message (search models, routers). */
const UrlAnnotationSchema = z.object({
  type: z.literal("url_citation"),
  url_citation: z.object({ url: z.string(), title: z.string().nullish(), start_index: z.number().int(), end_index: z.number().int() }),
});

/**
 * The part of a chat completion the arena relies on; anything else in the body is ignored. Beside
 * the message text, citations may come as structure: `message.annotations` (OpenAI search models,
 * OpenRouter), or Perplexity's `citations` (URLs) and `search_results` (objects with a `url`),
 * listed in the order its inline `[n]` markers count. Entries of another shape are skipped, not
 * fatal; lists are capped (ANSWER_CAPS) before their entries are parsed.
 */
const CompletionSchema = z.object({
  choices: untrustedList,
  usage: z.object({ prompt_tokens: tokenCount, completion_tokens: tokenCount, total_tokens: tokenCount }).nullish(),
  citations: untrustedList.nullish(),
  search_results: untrustedList.nullish(),
});
type Completion = z.infer<typeof CompletionSchema>;
/** The first choice, the only one read. */
const ChoiceSchema = z.object({ message: z.object({ content: z.string().nullable().optional(), annotations: untrustedList.nullish() }) });

const SearchResultSchema = z.object({ url: z.string() });

/**
 * The structured citations of a completion: annotations with their spans (offsets in code points,
 * as the API counts, mapped in one pass), else Perplexity's list, whose position n answers the
 * text's `[n]`. Each list is read up to ANSWER_CAPS.citations; `dropped` counts the rest.
 */
function completionCitations(
  completion: Completion,
  annotations: readonly unknown[] | null | undefined,
  text: string,
): { citations: StructuredCitation[]; dropped: number } {
  const read = capped(annotations, ANSWER_CAPS.citations);
  const offset = read.kept.length ? codePointOffsets(text) : () => -1;
  const cited = read.kept.flatMap((a) => {
    const r = UrlAnnotationSchema.safeParse(a);
    if (!r.success) return [];
    const { url, title, start_index, end_index } = r.data.url_citation;
    const [start, end] = [offset(start_index), offset(end_index)];
    return [{ url, title: title ?? null, span: start >= 0 && end >= 0 ? { start, end } : null }];
  });
  if (cited.length) return { citations: cited, dropped: read.dropped };
  const list = completion.citations?.length
    ? capped(completion.citations, ANSWER_CAPS.citations)
    : capped(completion.search_results, ANSWER_CAPS.citations);
  const urls = completion.citations?.length
    ? list.kept.map((c) => (typeof c === "string" ? c : null))
    : list.kept.map((r) => SearchResultSchema.safeParse(r).data?.url ?? null);
  return { citations: urls.flatMap((url, i) => (url ? [{ url, n: i + 1 }] : [])), dropped: read.dropped + list.dropped };
}

/** SDK retries (429 and 5xx, Retry-After honoured); the guarded fetch under it does not retry. */
const SDK_MAX_RETRIES = 2;

/** What an OpenAI SDK client for an agent needs (chat completions and the Responses API alike). */
export interface OpenAISdkOptions {
  baseUrl: string;
  apiKey: string | null;
  timeoutMs: number;
  maxBytes: number;
  allow?: string[] | undefined;
}

/** The OpenAI SDK on the guarded fetch, limited to the agent's own origin. */
export function openAISdk(o: OpenAISdkOptions): OpenAI {
  return withoutOperatorEnv(
    () =>
      new OpenAI({
        baseURL: o.baseUrl,
        // Local servers often need no key; the SDK insists on one.
        apiKey: o.apiKey ?? "no-key",
        // Explicit nulls: left undefined, the SDK reads OPENAI_ADMIN_KEY, OPENAI_ORG_ID,
        // OPENAI_PROJECT_ID, OPENAI_WEBHOOK_SECRET from the environment and would send the
        // operator's identifiers to an untrusted agent.
        adminAPIKey: null,
        organization: null,
        project: null,
        webhookSecret: null,
        timeout: o.timeoutMs,
        maxRetries: SDK_MAX_RETRIES,
        fetch: agentFetch({ allow: o.allow, purpose: "agent", allowOrigin: o.baseUrl, timeoutMs: o.timeoutMs, maxBytes: o.maxBytes }),
      }),
  );
}

function sdkClient(o: OpenAIAgentOptions): OpenAI {
  return openAISdk({ baseUrl: o.baseUrl, apiKey: o.apiKey, timeoutMs: o.config.timeoutMs, maxBytes: o.config.maxBytes, allow: o.allow });
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
        const raw: unknown = await sdkCall(() =>
          client.chat.completions.create(
            {
              model: o.model,
              messages: chatMessages(req),
              ...(o.config.temperature !== undefined ? { temperature: o.config.temperature } : {}),
              ...(o.config.maxTokens !== undefined ? { max_completion_tokens: o.config.maxTokens } : {}),
            },
            ctx.signal ? { signal: ctx.signal } : {},
          ),
        );
        return readAnswer(() => {
          const completion = CompletionSchema.parse(raw);
          const { message } = ChoiceSchema.parse(completion.choices[0]);
          const content = withinAnswerCap(message.content ?? "");
          if (!content.trim()) throw new AgentCallError("malformed", "completion has no message content");
          const { citations, dropped } = completionCitations(completion, message.annotations, content);
          const usage = completion.usage;
          const cost = {
            tokens: usage?.total_tokens ?? null,
            costUsd: usage ? callCost(price, usage.prompt_tokens, usage.completion_tokens) : null,
          };
          return answerOf(withReferences(content, citations).trim(), started, cost, undefined, { citations: dropped, items: 0 });
        });
      } catch (err) {
        return failedAnswer(classifyError(err), started);
      }
    },
  };
}

/**
 * Health: `GET {baseUrl}/models` answers, and lists the model when the server lists any. A server
 * without a models endpoint (404; Perplexity's API has none) must show that its chat-completions
 * endpoint exists instead: a request with no messages, which a real server refuses with 400/422
 * before generating anything, while a wrong base URL answers 404 there too.
 */
export async function openAIHealth(o: OpenAIAgentOptions): Promise<HealthResult> {
  const client = sdkClient({ ...o, config: { ...o.config, timeoutMs: Math.min(o.config.timeoutMs, 15_000) } });
  try {
    const ids: string[] = [];
    for await (const m of client.models.list()) ids.push(m.id);
    if (ids.length && !ids.includes(o.model)) return { ok: false, detail: `model ${o.model} not offered (${ids.slice(0, 5).join(", ")})` };
    return { ok: true, detail: `models endpoint answered (${ids.length} models)` };
  } catch (err) {
    if (err instanceof APIError && err.status === 404) return chatEndpointAnswers(client, o.model);
    return healthFailure(err);
  }
}

async function chatEndpointAnswers(client: OpenAI, model: string): Promise<HealthResult> {
  try {
    await client.chat.completions.create({ model, messages: [], max_completion_tokens: 1 }, { maxRetries: 0 });
    return { ok: true, detail: "no models endpoint; chat completions answered" };
  } catch (err) {
    if (err instanceof APIError && (err.status === 400 || err.status === 422)) {
      return {
        ok: true,
        detail: `no models endpoint; chat completions answered (HTTP ${err.status} to an empty request, nothing generated)`,
      };
    }
    const f = healthFailure(err);
    return { ...f, detail: `${f.detail} (chat completions; the models endpoint answered 404 too)` };
  }
}
