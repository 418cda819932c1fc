import Anthropic from "@anthropic-ai/sdk";
import { callCost, priceFor, TRACE_LIMITS, type AgentAnswer, type AgentRequest, type TraceStep } from "@arena/core";
import { agentFetch } from "../agent-fetch";
import { z } from "zod";
import {
  AgentCallError,
  answerOf,
  classifyError,
  failedAnswer,
  healthFailure,
  MAX_ANSWER_BYTES,
  readAnswer,
  sdkCall,
  tokenCount,
  withinAnswerCap,
} from "../answer";
import type { AnthropicConfig } from "../config";
import { ANSWER_FORMAT_INSTRUCTIONS, conversation } from "../prompt";
import { ANSWER_CAPS, capped, untrustedList, withReferences, type StructuredCitation } from "./structured-citations";
import { withoutOperatorEnv } from "../sdk-env";
import type { AgentClient, AnswerContext, HealthResult, ProviderAgentOptions } from "../types";

export type AnthropicAgentOptions = ProviderAgentOptions<AnthropicConfig>;

const SDK_MAX_RETRIES = 2;

/** The Anthropic SDK on the guarded fetch, limited to the agent's own origin. */
function sdk(o: AnthropicAgentOptions, timeoutMs: number): Anthropic {
  return withoutOperatorEnv(
    () =>
      new Anthropic({
        baseURL: o.baseUrl,
        // Passed explicitly (a local server may need none): the SDK then reads no credential from the
        // environment, so the operator's ANTHROPIC_API_KEY / ANTHROPIC_AUTH_TOKEN never reach an agent.
        apiKey: o.apiKey ?? "no-key",
        webhookKey: null,
        // No spans and no trace-context headers (traceparent, baggage) towards an agent, whatever
        // the ANTHROPIC_OPEN_TELEMETRY* variables say.
        openTelemetry: { traces: false, propagation: false },
        timeout: timeoutMs,
        maxRetries: SDK_MAX_RETRIES,
        fetch: agentFetch({ allow: o.allow, purpose: "agent", allowOrigin: o.baseUrl, timeoutMs, maxBytes: o.config.maxBytes }),
      }),
  );
}

/** The parts of a Messages API response the arena reads; content blocks of other types or shapes are skipped. */
const MessageSchema = z.object({
  content: untrustedList,
  stop_reason: z.string().nullish(),
  usage: z.object({ input_tokens: tokenCount, output_tokens: tokenCount }).nullish(),
});
const TextBlockSchema = z.object({ type: z.literal("text"), text: z.string(), citations: untrustedList.nullish() });
const WebCitationSchema = z.object({ type: z.literal("web_search_result_location"), url: z.string(), title: z.string().nullish() });
const ServerToolUseSchema = z.object({ type: z.literal("server_tool_use"), id: z.string(), name: z.string(), input: z.unknown() });
const SearchResultsSchema = z.object({ type: z.literal("web_search_tool_result"), tool_use_id: z.string(), content: z.unknown() });
const ResultSchema = z.object({ url: z.string() });

/**
 * The answer text (text blocks in order) with each cited block's span; citations of other kinds
 * (documents) are not sources on the web. The text is held to the answer cap before citations are
 * read, and citations are read up to ANSWER_CAPS.citations over the whole answer.
 */
function answerText(blocks: readonly unknown[]): { text: string; citations: StructuredCitation[]; dropped: number } {
  const cited: { span: { start: number; end: number }; citations: readonly unknown[] }[] = [];
  let text = "";
  for (const block of blocks) {
    const t = TextBlockSchema.safeParse(block);
    if (!t.success) continue;
    cited.push({ span: { start: text.length, end: text.length + t.data.text.length }, citations: t.data.citations ?? [] });
    text += t.data.text;
    // Over the cap already: the rest is not read (the size is checked in full below).
    if (text.length > MAX_ANSWER_BYTES) break;
  }
  withinAnswerCap(text);
  const citations: StructuredCitation[] = [];
  let dropped = 0;
  for (const { span, citations: raw } of cited) {
    const read = capped(raw, ANSWER_CAPS.citations - citations.length);
    dropped += read.dropped;
    for (const c of read.kept) {
      const web = WebCitationSchema.safeParse(c);
      if (web.success) citations.push({ url: web.data.url, title: web.data.title ?? null, span });
    }
  }
  return { text, citations, dropped };
}

/** A tool call's input as the trace shows it; an input too deeply nested to serialise is named, not fatal. */
function inputOf(input: unknown): string {
  try {
    return JSON.stringify(input ?? {}).slice(0, TRACE_LIMITS.text);
  } catch {
    return "(input not serialisable)";
  }
}

/** Server tool calls as trace steps: each search with its query and result URLs, each fetched page, other tools. */
function traceOf(blocks: readonly unknown[]): TraceStep[] {
  const results = new Map<string, string[]>();
  for (const block of blocks) {
    const r = SearchResultsSchema.safeParse(block);
    if (r.success && Array.isArray(r.data.content)) {
      results.set(
        r.data.tool_use_id,
        capped(r.data.content, ANSWER_CAPS.perItem).kept.flatMap((x) => ResultSchema.safeParse(x).data?.url ?? []),
      );
    }
  }
  return blocks.flatMap((block): TraceStep[] => {
    const use = ServerToolUseSchema.safeParse(block);
    if (!use.success) return [];
    const input = typeof use.data.input === "object" && use.data.input !== null ? (use.data.input as Record<string, unknown>) : {};
    if (use.data.name === "web_search") {
      const urls = results.get(use.data.id);
      return [{ type: "search", query: typeof input.query === "string" ? input.query : "", ...(urls ? { urls } : {}) }];
    }
    if (use.data.name === "web_fetch" && typeof input.url === "string") return [{ type: "open_page", url: input.url }];
    return [{ type: "tool_call", name: use.data.name, input: inputOf(use.data.input) }];
  });
}

function tools(c: AnthropicConfig): Anthropic.Messages.ToolUnion[] {
  return c.tools.map((t) =>
    t === "web_search"
      ? { type: "web_search_20250305" as const, name: "web_search" as const, max_uses: c.maxUses }
      : { type: "web_fetch_20250910" as const, name: "web_fetch" as const, max_uses: c.maxUses },
  );
}

/**
 * An agent behind Anthropic's Messages API with the server-side web search (and optionally web
 * fetch) tool. A turn that pauses in a long tool loop (`stop_reason: pause_turn`) is continued up
 * to `maxContinuations` times by sending it back; citation blocks (`web_search_result_location`)
 * become `[n]` markers after their text block and References, the server tool calls the trace.
 * The Messages API has no background mode: one request lasts the whole run (`timeoutMs`).
 */
export function anthropicAgent(o: AnthropicAgentOptions): AgentClient {
  const client = sdk(o, o.config.timeoutMs);
  const price = o.config.price ?? priceFor(o.model, o.prices);
  return {
    name: o.name,
    async answer(req: AgentRequest, ctx: AnswerContext): Promise<AgentAnswer> {
      const started = performance.now();
      try {
        const messages: Anthropic.Messages.MessageParam[] = conversation(req);
        const blocks: unknown[] = [];
        let [input, output, continuations, droppedItems] = [0, 0, 0, 0];
        for (;;) {
          const raw: unknown = await sdkCall(() =>
            client.messages.create(
              {
                model: o.model,
                max_tokens: o.config.maxTokens,
                system: ANSWER_FORMAT_INSTRUCTIONS,
                messages,
                tools: tools(o.config),
                ...(o.config.temperature !== undefined ? { temperature: o.config.temperature } : {}),
              },
              ctx.signal ? { signal: ctx.signal } : {},
            ),
          );
          const message = MessageSchema.parse(raw);
          // One by one, up to the cap: a spread of a provider-sized list into push() overflows the stack.
          const read = capped(message.content, ANSWER_CAPS.items - blocks.length);
          for (const block of read.kept) blocks.push(block);
          droppedItems += read.dropped;
          input += message.usage?.input_tokens ?? 0;
          output += message.usage?.output_tokens ?? 0;
          if (message.stop_reason !== "pause_turn" || continuations++ >= o.config.maxContinuations) break;
          // The paused turn goes back as it is; the model continues where it stopped.
          messages.push({ role: "assistant", content: message.content as Anthropic.Messages.ContentBlockParam[] });
        }
        return readAnswer(() => {
          const { text, citations, dropped } = answerText(blocks);
          if (!text.trim()) throw new AgentCallError("malformed", "the message has no text");
          return answerOf(
            withReferences(text, citations).trim(),
            started,
            { tokens: input + output, costUsd: callCost(price, input, output) },
            traceOf(blocks),
            { citations: dropped, items: droppedItems },
          );
        });
      } catch (err) {
        return failedAnswer(classifyError(err), started);
      }
    },
  };
}

/** Health: `GET {baseUrl}/v1/models/{model}` answers (the model exists for this key); nothing is generated. */
export async function anthropicHealth(o: AnthropicAgentOptions): Promise<HealthResult> {
  try {
    const model = await sdk(o, Math.min(o.config.timeoutMs, 15_000)).models.retrieve(o.model);
    return { ok: true, detail: `model ${model.id} available` };
  } catch (err) {
    if (err instanceof Anthropic.APIError && err.status === 404)
      return { ok: false, detail: `model ${o.model} not offered (HTTP 404)`, failure: { class: "http_status", status: 404 } };
    return healthFailure(err);
  }
}
