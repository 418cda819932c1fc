import { traceStepsSchema } from "@arena/core";
import { guardedFetch, type GuardedResponse } from "@arena/net";
import { z } from "zod";
import { jsonShapeError } from "../agent-fetch";
import { AgentCallError, answerAfter, classifyError, failedAfter, healthFailure, readAnswer, tokenCount } from "../answer";
import { deadlineFailure, pastDeadline, stillRunning, untilDone } from "../background";
import type { ArenaHttpConfig } from "../config";
import type { AgentClient, AnswerContext, BackgroundRuns, HealthResult, RunStep } from "../types";

/** Protocol identifier sent with every request; a breaking change gets a new number. */
const ARENA_PROTOCOL = "dr-arena/1";

export const ArenaRequestSchema = z.object({
  protocol: z.literal(ARENA_PROTOCOL),
  question: z.string(),
  word_limit_instruction: z.string(),
  history: z.array(z.object({ question: z.string(), answer: z.string() })),
  match_id: z.string().optional(),
  round: z.number().int().positive().optional(),
});
type ArenaRequest = z.infer<typeof ArenaRequestSchema>;

/** `200` body: the answer, and optionally what it cost and the steps the research took. */
export const ArenaAnswerSchema = z.object({
  answer: z.string(),
  usage: z.object({ total_tokens: tokenCount }).optional(),
  cost_usd: z.number().nonnegative().optional(),
  trace: traceStepsSchema.optional(),
});

/** `202` body: accepted; poll later. */
export const ArenaAcceptedSchema = z.object({
  poll_url: z.string().min(1),
  retry_after_s: z.number().nonnegative().optional(),
});

export interface ArenaHttpAgentOptions {
  name: string;
  endpoint: string;
  bearer: string | null;
  config: ArenaHttpConfig;
  /** Operator allow-list entries; like ARENA_AGENT_ALLOW_HOSTS they open only the endpoint's own origin. */
  allow?: string[];
}

/**
 * An agent speaking the arena HTTP protocol (docs/agent-protocol.md): `POST {endpoint}` answers
 * `200` with the answer, or `202` with a poll URL that is then fetched with `GET` until it
 * answers `200`. The whole exchange is bounded by `config.deadlineMs`, each request by
 * `config.timeoutMs`. Poll URLs may be relative; they must be same-origin with the endpoint
 * (else `refused`) and pass the address guard. A 202 leaves a pending run (BackgroundRuns): a
 * match worker polls it from a re-queued job; `answer` polls in place. Cancelling sends
 * `DELETE {poll_url}` (best effort: agents may ignore it).
 */
export function arenaHttpAgent(o: ArenaHttpAgentOptions): AgentClient {
  const deadlineMs = o.config.deadlineMs;
  const runs: BackgroundRuns = {
    async start(req, ctx) {
      const body: ArenaRequest = {
        protocol: ARENA_PROTOCOL,
        question: req.question,
        word_limit_instruction: req.wordLimitInstruction,
        history: req.history.map((t) => ({ question: t.question, answer: t.answer })),
        ...(ctx.matchId ? { match_id: ctx.matchId } : {}),
        ...(ctx.round ? { round: ctx.round } : {}),
      };
      return exchange(o, { startedAt: Date.now(), polls: 0 }, ctx, (signal) =>
        call(o, o.endpoint, { method: "POST", body: JSON.stringify(body) }, signal),
      );
    },
    async poll(run, ctx) {
      if (pastDeadline(run, deadlineMs)) {
        await runs.cancel(run);
        return { done: deadlineFailure(run, deadlineMs) };
      }
      return exchange(o, { startedAt: run.startedAt, polls: run.polls + 1 }, ctx, (signal) =>
        call(o, run.handle, { method: "GET" }, signal),
      );
    },
    async cancel(run) {
      await call(o, run.handle, { method: "DELETE" }, AbortSignal.timeout(5_000)).catch(() => undefined);
    },
  };
  return { name: o.name, background: runs, answer: (req, ctx) => untilDone(runs, req, ctx) };
}

/** One request of a run (the POST or a poll), bounded by what is left of the deadline; a 202 leaves the run pending. */
async function exchange(
  o: ArenaHttpAgentOptions,
  run: { startedAt: number; polls: number },
  ctx: AnswerContext,
  send: (signal: AbortSignal) => Promise<GuardedResponse>,
): Promise<RunStep> {
  const deadline = AbortSignal.timeout(Math.max(1, run.startedAt + o.config.deadlineMs - Date.now()));
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, deadline]) : deadline;
  try {
    const res = await send(signal);
    if (res.status === 202) {
      const accepted = parseBody(ArenaAcceptedSchema, res);
      const waitMs = (accepted.retry_after_s ?? o.config.pollIntervalMs / 1000) * 1000;
      return stillRunning(
        { ...run, handle: sameOriginUrl(accepted.poll_url, o.endpoint), status: "accepted" },
        waitMs,
        o.config.deadlineMs,
      );
    }
    if (res.status !== 200) throw new AgentCallError("malformed", `unexpected status ${res.status} (expected 200 or 202)`);
    return {
      done: readAnswer(() => {
        const done = parseBody(ArenaAnswerSchema, res);
        return answerAfter(
          done.answer,
          Date.now() - run.startedAt,
          { tokens: done.usage?.total_tokens ?? null, costUsd: done.cost_usd ?? null },
          done.trace,
        );
      }),
    };
  } catch (err) {
    const failure = classifyError(err);
    if (deadline.aborted && failure.class === "timeout") failure.detail = `no answer within the ${o.config.deadlineMs} ms deadline`;
    return { done: failedAfter(failure, Date.now() - run.startedAt) };
  }
}

async function call(
  o: ArenaHttpAgentOptions,
  url: string,
  init: { method: "GET" | "POST" | "DELETE"; body?: string },
  signal: AbortSignal,
): Promise<GuardedResponse> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (init.body) headers["content-type"] = "application/json";
  if (o.bearer) headers.authorization = `Bearer ${o.bearer}`;
  return guardedFetch(url, {
    ...init,
    headers,
    signal,
    timeoutMs: o.config.timeoutMs,
    maxBytes: o.config.maxBytes,
    // Redirects are followed hop by hop through the guard, so one to a private address is refused,
    // also to an allow-listed one of another origin (the examiner's model server, say).
    allow: o.allow,
    purpose: "agent",
    allowOrigin: o.endpoint,
  });
}

function parseBody<S extends z.ZodType>(schema: S, res: GuardedResponse): z.infer<S> {
  // Bounded before JSON.parse: nesting and value counts cost parsing time whatever the byte count.
  const shape = jsonShapeError(res.body);
  if (shape) throw shape;
  let json: unknown;
  try {
    json = res.json();
  } catch {
    throw new AgentCallError("malformed", `HTTP ${res.status} body is not JSON`);
  }
  const r = schema.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new AgentCallError("malformed", `HTTP ${res.status} body: ${issue?.path.join(".") || "(root)"}: ${issue?.message}`);
  }
  return r.data;
}

/** Resolves a poll URL against the endpoint and refuses other origins (a 202 must not send us elsewhere). */
function sameOriginUrl(pollUrl: string, endpoint: string): string {
  let url: URL;
  try {
    url = new URL(pollUrl, endpoint);
  } catch {
    throw new AgentCallError("malformed", "poll_url is not a URL");
  }
  if (url.origin !== new URL(endpoint).origin) {
    throw new AgentCallError("refused", `poll_url origin ${url.origin} differs from the endpoint's`);
  }
  return url.href;
}

/** `{endpoint}/health` (the endpoint's path with `/health` appended), e.g. `/answer` → `/answer/health`. */
function healthUrl(endpoint: string): string {
  const url = new URL(endpoint);
  url.pathname = `${url.pathname.replace(/\/+$/, "")}/health`;
  url.search = "";
  return url.href;
}

/** Health: `GET {endpoint}/health` answers 2xx within 10 s. The body is not interpreted. */
export async function arenaHttpHealth(o: Omit<ArenaHttpAgentOptions, "config" | "name">): Promise<HealthResult> {
  try {
    const res = await guardedFetch(healthUrl(o.endpoint), {
      headers: o.bearer ? { authorization: `Bearer ${o.bearer}` } : {},
      timeoutMs: 10_000,
      maxBytes: 64 * 1024,
      retries: 0,
      allow: o.allow,
      purpose: "agent",
      allowOrigin: o.endpoint,
    });
    return { ok: true, detail: `health answered HTTP ${res.status}` };
  } catch (err) {
    return healthFailure(err);
  }
}
