import { callCost, priceFor, type AgentAnswer, type AgentRequest, type Dropped, type Price, type TraceStep } from "@arena/core";
import type OpenAI from "openai";
import { APIError } from "openai";
import { z } from "zod";
import {
  AgentCallError,
  answerAfter,
  classifyError,
  failedAfter,
  healthFailure,
  MAX_ANSWER_BYTES,
  readAnswer,
  sdkCall,
  tokenCount,
  withinAnswerCap,
} from "../answer";
import { deadlineFailure, pastDeadline, stillRunning, untilDone } from "../background";
import type { OpenAIResponsesConfig } from "../config";
import { openAISdk } from "./openai-agent";
import { ANSWER_FORMAT_INSTRUCTIONS, conversation } from "../prompt";
import { ANSWER_CAPS, capped, codePointOffsets, untrustedList, withReferences, type StructuredCitation } from "./structured-citations";
import type { AgentClient, AnswerContext, BackgroundRuns, HealthResult, PendingRun, RunStep } from "../types";

export interface ResponsesAgentOptions {
  name: string;
  baseUrl: string;
  model: string;
  apiKey: string | null;
  config: OpenAIResponsesConfig;
  /** Operator allow-list entries; they open only this agent's own origin. */
  allow?: string[];
  prices: Readonly<Record<string, Price>>;
}

/**
 * The parts of a Responses API response object the arena reads (docs/agent-protocol.md,
 * "openai-responses"); everything else is ignored, and output items of other types or shapes are
 * skipped rather than failing the answer.
 */
const ResponseSchema = z.object({
  id: z.string().min(1),
  status: z.enum(["completed", "failed", "in_progress", "cancelled", "queued", "incomplete"]).nullish(),
  error: z.object({ code: z.string().nullish(), message: z.string() }).nullish(),
  incomplete_details: z.object({ reason: z.string().nullish() }).nullish(),
  output: untrustedList.nullish(),
  usage: z.object({ input_tokens: tokenCount, output_tokens: tokenCount, total_tokens: tokenCount }).nullish(),
});
type ResponseBody = z.infer<typeof ResponseSchema>;

const UrlCitationSchema = z.object({
  type: z.literal("url_citation"),
  url: z.string(),
  title: z.string().nullish(),
  start_index: z.number().int(),
  end_index: z.number().int(),
});
const OutputTextSchema = z.object({ type: z.literal("output_text"), text: z.string(), annotations: untrustedList.nullish() });
const MessageSchema = z.object({ type: z.literal("message"), content: untrustedList });
const WebSearchCallSchema = z.object({
  type: z.literal("web_search_call"),
  action: z
    .discriminatedUnion("type", [
      z.object({
        type: z.literal("search"),
        query: z.string().nullish(),
        queries: untrustedList.nullish(),
        sources: untrustedList.nullish(),
      }),
      z.object({ type: z.literal("open_page"), url: z.string().nullish() }),
      z.object({ type: z.literal("find_in_page"), url: z.string(), pattern: z.string() }),
    ])
    .nullish(),
});
const SourceSchema = z.object({ url: z.string() });
const CodeInterpreterCallSchema = z.object({
  type: z.literal("code_interpreter_call"),
  code: z.string().nullish(),
  outputs: untrustedList.nullish(),
});
const LogsSchema = z.object({ logs: z.string() });
const NamedCallSchema = z.object({ type: z.string(), name: z.string() });

/** The first entries of a list inside one output item (ANSWER_CAPS.perItem). */
const firstOf = (list: readonly unknown[] | null | undefined) => capped(list, ANSWER_CAPS.perItem).kept;

/**
 * The text of the output messages, with the annotations' spans moved to offsets in that text
 * (UTF-16). Content parts are read up to ANSWER_CAPS.items over the whole answer and annotations
 * up to ANSWER_CAPS.citations; the text is held to the answer cap before any annotation is mapped.
 */
function answerText(output: readonly unknown[]): { text: string; citations: StructuredCitation[]; dropped: Dropped } {
  const parts: { at: number; text: string; annotations: readonly unknown[] }[] = [];
  const dropped = { citations: 0, items: 0 };
  let text = "";
  for (const item of output) {
    const message = MessageSchema.safeParse(item);
    if (!message.success) continue;
    if (text.length > MAX_ANSWER_BYTES) break;
    if (text) text += "\n\n";
    const content = capped(message.data.content, ANSWER_CAPS.items - parts.length);
    dropped.items += content.dropped;
    for (const part of content.kept) {
      const p = OutputTextSchema.safeParse(part);
      if (!p.success) continue;
      parts.push({ at: text.length, text: p.data.text, annotations: p.data.annotations ?? [] });
      text += p.data.text;
      // Over the cap already: nothing after this part is read (the size is checked in full below).
      if (text.length > MAX_ANSWER_BYTES) break;
    }
  }
  withinAnswerCap(text);
  const citations: StructuredCitation[] = [];
  for (const part of parts) {
    const read = capped(part.annotations, ANSWER_CAPS.citations - citations.length);
    dropped.citations += read.dropped;
    // Offsets count characters of this part as the API does (code points).
    const offset = read.kept.length ? codePointOffsets(part.text) : () => -1;
    for (const a of read.kept) {
      const c = UrlCitationSchema.safeParse(a);
      if (!c.success) continue;
      const [start, end] = [offset(c.data.start_index), offset(c.data.end_index)];
      citations.push({
        url: c.data.url,
        title: c.data.title ?? null,
        span: start >= 0 && end >= 0 ? { start: part.at + start, end: part.at + end } : null,
      });
    }
  }
  return { text, citations, dropped };
}

/** The run's tool calls as trace steps: searches, pages opened, finds in page, code, other calls. */
function traceOf(output: readonly unknown[]): TraceStep[] {
  return output.flatMap((item): TraceStep[] => {
    const web = WebSearchCallSchema.safeParse(item);
    if (web.success) {
      const action = web.data.action;
      if (!action) return [{ type: "search", query: "" }];
      if (action.type === "open_page") return action.url ? [{ type: "open_page", url: action.url }] : [];
      if (action.type === "find_in_page") return [{ type: "tool_call", name: "find_in_page", input: `${action.pattern} @ ${action.url}` }];
      const urls = firstOf(action.sources).flatMap((x) => SourceSchema.safeParse(x).data?.url ?? []);
      const listed = firstOf(action.queries).filter((q): q is string => typeof q === "string");
      const queries = listed.length ? listed : [action.query ?? ""];
      return queries.map((query) => ({ type: "search", query, ...(urls.length ? { urls } : {}) }));
    }
    const code = CodeInterpreterCallSchema.safeParse(item);
    if (code.success) {
      const logs = firstOf(code.data.outputs)
        .flatMap((o) => LogsSchema.safeParse(o).data?.logs ?? [])
        .join("\n");
      return [
        {
          type: "tool_call",
          name: "code_interpreter",
          ...(code.data.code ? { input: code.data.code } : {}),
          ...(logs ? { output: logs } : {}),
        },
      ];
    }
    const named = NamedCallSchema.safeParse(item);
    if (named.success && named.data.type.endsWith("_call")) return [{ type: "tool_call", name: named.data.name }];
    return [];
  });
}

/** The request body: the answer-format instructions, the match's conversation, the operator's tools. */
function requestBody(o: ResponsesAgentOptions, req: AgentRequest): OpenAI.Responses.ResponseCreateParamsNonStreaming {
  const c = o.config;
  return {
    model: o.model,
    instructions: ANSWER_FORMAT_INSTRUCTIONS,
    input: conversation(req),
    tools: c.tools.map((t) =>
      t === "code_interpreter" ? { type: "code_interpreter" as const, container: { type: "auto" as const } } : { type: t },
    ),
    // Background responses must be stored so they can be polled.
    background: c.background,
    store: true,
    ...(c.maxToolCalls !== undefined ? { max_tool_calls: c.maxToolCalls } : {}),
    ...(c.maxOutputTokens !== undefined ? { max_output_tokens: c.maxOutputTokens } : {}),
    ...(c.reasoningEffort ? { reasoning: { effort: c.reasoningEffort } } : {}),
  };
}

/** Statuses after which a background run is still going. */
const RUNNING = new Set(["queued", "in_progress"]);

/** A poll that failed in a way a later poll may not (time-out, rate limit, server error) keeps the run. */
function transientPollFailure(err: unknown): boolean {
  const f = classifyError(err);
  if (f.class === "timeout") return true;
  return err instanceof APIError && typeof err.status === "number" && (err.status === 429 || err.status >= 500);
}

/**
 * An agent behind the OpenAI Responses API (deep-research models, or any model with the web
 * search and code interpreter tools). With background mode (the default) the create call
 * returns at once and the run is polled with `GET /responses/{id}` until it leaves `queued` /
 * `in_progress`: a match worker re-queues itself between polls (see BackgroundRuns), other
 * callers wait here. `url_citation` annotations become `[n]` markers and References, web-search
 * and code-interpreter calls the research trace, `usage` the tokens and the cost.
 */
export function responsesAgent(o: ResponsesAgentOptions): AgentClient {
  const c = o.config;
  // Without background mode the create call itself lasts the whole run.
  const client = openAISdk({
    baseUrl: o.baseUrl,
    apiKey: o.apiKey,
    timeoutMs: c.background ? c.timeoutMs : c.deadlineMs,
    maxBytes: c.maxBytes,
    allow: o.allow,
  });
  const price = c.price ?? priceFor(o.model, o.prices);

  const finished = (body: ResponseBody, startedAt: number): AgentAnswer => {
    const latencyMs = Date.now() - startedAt;
    const output = capped(body.output, ANSWER_CAPS.items);
    const { text, citations, dropped } = answerText(output.kept);
    if (body.status === "failed") {
      throw new AgentCallError(
        "http_status",
        `the run failed${body.error ? `: ${body.error.code ?? "error"}: ${body.error.message}` : ""}`,
      );
    }
    if (body.status === "cancelled") throw new AgentCallError("http_status", "the run was cancelled at the provider");
    if (!text.trim()) {
      const why =
        body.status === "incomplete"
          ? `the run ended incomplete (${body.incomplete_details?.reason ?? "no reason given"})`
          : "the response has no output text";
      throw new AgentCallError("malformed", why);
    }
    const usage = body.usage;
    return answerAfter(
      withReferences(text, citations).trim(),
      latencyMs,
      { tokens: usage?.total_tokens ?? null, costUsd: usage ? callCost(price, usage.input_tokens, usage.output_tokens) : null },
      traceOf(output.kept),
      { citations: dropped.citations, items: dropped.items + output.dropped },
    );
  };

  /** Where a response object leaves the run: done, or still going (past the deadline: cancelled). */
  const settle = async (raw: unknown, run: Omit<PendingRun, "pollAt">): Promise<RunStep> => {
    const body = ResponseSchema.parse(raw);
    if (!RUNNING.has(body.status ?? "completed")) return { done: readAnswer(() => finished(body, run.startedAt)) };
    const next = { ...run, handle: body.id, ...(body.status ? { status: body.status } : {}) };
    if (pastDeadline(next, c.deadlineMs)) {
      await runs.cancel({ ...next, pollAt: Date.now() });
      return { done: deadlineFailure(next, c.deadlineMs) };
    }
    return stillRunning(next, c.pollIntervalMs, c.deadlineMs);
  };

  const options = (ctx: AnswerContext) => (ctx.signal ? { signal: ctx.signal } : {});

  const runs: BackgroundRuns = {
    async start(req, ctx) {
      const startedAt = Date.now();
      try {
        const created: unknown = await sdkCall(() => client.responses.create(requestBody(o, req), options(ctx)));
        return await settle(created, { handle: "", startedAt, polls: 0 });
      } catch (err) {
        return { done: failedAfter(classifyError(err), Date.now() - startedAt) };
      }
    },
    async poll(run, ctx) {
      if (pastDeadline(run, c.deadlineMs)) {
        await runs.cancel(run);
        return { done: deadlineFailure(run, c.deadlineMs) };
      }
      const looked = { ...run, polls: run.polls + 1 };
      try {
        const current: unknown = await sdkCall(() => client.responses.retrieve(run.handle, {}, options(ctx)));
        return await settle(current, looked);
      } catch (err) {
        if (!ctx.signal?.aborted && transientPollFailure(err))
          return stillRunning({ ...looked, status: `poll failed: ${classifyError(err).detail}` }, c.pollIntervalMs, c.deadlineMs);
        return { done: failedAfter(classifyError(err), Date.now() - run.startedAt) };
      }
    },
    async cancel(run) {
      if (!run.handle) return;
      await client.responses.cancel(run.handle).catch(() => undefined);
    },
  };

  return { name: o.name, background: runs, answer: (req, ctx) => untilDone(runs, req, ctx) };
}

/** Health: `GET {baseUrl}/models/{model}` answers (the model exists for this key); nothing is generated. */
export async function responsesHealth(o: ResponsesAgentOptions): Promise<HealthResult> {
  try {
    const client = openAISdk({
      baseUrl: o.baseUrl,
      apiKey: o.apiKey,
      timeoutMs: Math.min(o.config.timeoutMs, 15_000),
      maxBytes: 1_000_000,
      allow: o.allow,
    });
    const model = await client.models.retrieve(o.model);
    return { ok: true, detail: `model ${model.id} available` };
  } catch (err) {
    if (err instanceof APIError && err.status === 404)
      return { ok: false, detail: `model ${o.model} not offered (HTTP 404)`, failure: { class: "http_status", status: 404 } };
    return healthFailure(err);
  }
}
