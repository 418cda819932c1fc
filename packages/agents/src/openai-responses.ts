import { callCost, priceFor, type AgentAnswer, type AgentRequest, type Price, type TraceStep } from "@arena/core";
import type OpenAI from "openai";
import { APIError } from "openai";
import { z } from "zod";
import { AgentCallError, answerAfter, classifyError, failedAfter, tokenCount, healthFailure } from "./answer";
import { deadlineFailure, pastDeadline, stillRunning, untilDone } from "./background";
import type { OpenAIResponsesConfig } from "./config";
import { openAISdk } from "./openai-agent";
import { ANSWER_FORMAT_INSTRUCTIONS, conversation } from "./prompt";
import { utf16FromCodePoints, withReferences, type StructuredCitation } from "./structured-citations";
import type { AgentClient, AnswerContext, BackgroundRuns, HealthResult, PendingRun, RunStep } from "./types";

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
  output: z.array(z.unknown()).nullish(),
  usage: z.object({ input_tokens: tokenCount, output_tokens: tokenCount, total_tokens: tokenCount }).nullish(),
});
type ResponseBody = z.infer<typeof ResponseSchema>;

const UrlCitationSchema = z.object({ type: z.literal("url_citation"), url: z.string(), title: z.string().nullish(), start_index: z.number().int(), end_index: z.number().int() });
const OutputTextSchema = z.object({ type: z.literal("output_text"), text: z.string(), annotations: z.array(z.unknown()).nullish() });
const MessageSchema = z.object({ type: z.literal("message"), content: z.array(z.unknown()) });
const WebSearchCallSchema = z.object({
  type: z.literal("web_search_call"),
  action: z
    .discriminatedUnion("type", [
      z.object({ type: z.literal("search"), query: z.string().nullish(), queries: z.array(z.string()).nullish(), sources: z.array(z.object({ url: z.string() })).nullish() }),
      z.object({ type: z.literal("open_page"), url: z.string().nullish() }),
      z.object({ type: z.literal("find_in_page"), url: z.string(), pattern: z.string() }),
    ])
    .nullish(),
});
const CodeInterpreterCallSchema = z.object({
  type: z.literal("code_interpreter_call"),
  code: z.string().nullish(),
  outputs: z.array(z.object({ type: z.string(), logs: z.string().optional() })).nullish(),
});
const NamedCallSchema = z.object({ type: z.string(), name: z.string() });

/** The text of the output messages, with the annotations' spans moved to offsets in that text (UTF-16). */
function answerText(output: readonly unknown[]): { text: string; citations: StructuredCitation[] } {
  let text = "";
  const citations: StructuredCitation[] = [];
  for (const item of output) {
    const message = MessageSchema.safeParse(item);
    if (!message.success) continue;
    if (text) text += "\n\n";
    for (const part of message.data.content) {
      const p = OutputTextSchema.safeParse(part);
      if (!p.success) continue;
      for (const a of p.data.annotations ?? []) {
        const c = UrlCitationSchema.safeParse(a);
        if (!c.success) continue;
        // Offsets count characters of this part as the API does (code points).
        const start = utf16FromCodePoints(p.data.text, c.data.start_index);
        const end = utf16FromCodePoints(p.data.text, c.data.end_index);
        citations.push({ url: c.data.url, title: c.data.title ?? null, span: start >= 0 && end >= 0 ? { start: text.length + start, end: text.length + end } : null });
      }
      text += p.data.text;
    }
  }
  return { text, citations };
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
      const urls = action.sources?.map((s) => s.url);
      const queries = action.queries?.length ? action.queries : [action.query ?? ""];
      return queries.map((query) => ({ type: "search", query, ...(urls?.length ? { urls } : {}) }));
    }
    const code = CodeInterpreterCallSchema.safeParse(item);
    if (code.success) {
      const logs = code.data.outputs?.flatMap((o) => (o.logs ? [o.logs] : [])).join("\n");
      return [{ type: "tool_call", name: "code_interpreter", ...(code.data.code ? { input: code.data.code } : {}), ...(logs ? { output: logs } : {}) }];
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
    tools: c.tools.map((t) => (t === "code_interpreter" ? { type: "code_interpreter" as const, container: { type: "auto" as const } } : { type: t })),
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
  const client = openAISdk({ baseUrl: o.baseUrl, apiKey: o.apiKey, timeoutMs: c.background ? c.timeoutMs : c.deadlineMs, maxBytes: c.maxBytes, allow: o.allow });
  const price = c.price ?? priceFor(o.model, o.prices);

  const finished = (body: ResponseBody, startedAt: number): AgentAnswer => {
    const latencyMs = Date.now() - startedAt;
    const output = body.output ?? [];
    const { text, citations } = answerText(output);
    if (body.status === "failed") {
      throw new AgentCallError("http_status", `the run failed${body.error ? `: ${body.error.code ?? "error"}: ${body.error.message}` : ""}`);
    }
    if (body.status === "cancelled") throw new AgentCallError("http_status", "the run was cancelled at the provider");
    if (!text.trim()) {
      const why = body.status === "incomplete" ? `the run ended incomplete (${body.incomplete_details?.reason ?? "no reason given"})` : "the response has no output text";
      throw new AgentCallError("malformed", why);
    }
    const usage = body.usage;
    return answerAfter(
      withReferences(text, citations).trim(),
      latencyMs,
      { tokens: usage?.total_tokens ?? null, costUsd: usage ? callCost(price, usage.input_tokens, usage.output_tokens) : null },
      traceOf(output),
    );
  };

  /** Where a response object leaves the run: done, or still going (past the deadline: cancelled). */
  const settle = async (raw: unknown, run: Omit<PendingRun, "pollAt">): Promise<RunStep> => {
    const body = ResponseSchema.parse(raw);
    if (!RUNNING.has(body.status ?? "completed")) return { done: finished(body, run.startedAt) };
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
        const created: unknown = await client.responses.create(requestBody(o, req), options(ctx));
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
        const current: unknown = await client.responses.retrieve(run.handle, {}, options(ctx));
        return await settle(current, looked);
      } catch (err) {
        if (!ctx.signal?.aborted && transientPollFailure(err)) return stillRunning({ ...looked, status: `poll failed: ${classifyError(err).detail}` }, c.pollIntervalMs, c.deadlineMs);
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
    const client = openAISdk({ baseUrl: o.baseUrl, apiKey: o.apiKey, timeoutMs: Math.min(o.config.timeoutMs, 15_000), maxBytes: 1_000_000, allow: o.allow });
    const model = await client.models.retrieve(o.model);
    return { ok: true, detail: `model ${model.id} available` };
  } catch (err) {
    if (err instanceof APIError && err.status === 404) return { ok: false, detail: `model ${o.model} not offered (HTTP 404)`, failure: { class: "http_status", status: 404 } };
    return healthFailure(err);
  }
}
