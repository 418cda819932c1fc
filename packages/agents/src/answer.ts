import { boundTrace, wellFormed, type AgentAnswer, type AgentErrorClass, type Dropped, type TraceStep } from "@arena/core";
import { NetError } from "@arena/net";
import * as Anthropic from "@anthropic-ai/sdk";
import { ApiError as GeminiApiError } from "@google/genai";
import { APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { z, ZodError } from "zod";
import { referencesOf } from "@arena/core/citations";
import type { HealthResult } from "./types";

export interface AgentFailure {
  class: AgentErrorClass;
  detail: string;
}

/** An agent-side failure found by an adapter itself (a bad body, a foreign poll URL...). */
export class AgentCallError extends Error {
  override name = "AgentCallError";
  constructor(
    readonly errorClass: AgentErrorClass,
    detail: string,
  ) {
    super(detail);
  }
}

/** A token count an agent reports: the stored columns are 32-bit integers, so a larger value is malformed. */
export const tokenCount = z
  .number()
  .int()
  .nonnegative()
  .max(2 ** 31 - 1);

/**
 * The largest answer the arena reads, in UTF-8 bytes: the longest word limit asked (400 words,
 * ~3 KB) many times over, with room for long reference URLs. A larger answer is `oversized`
 * before anything parses it, so parsing and judging stay cheap whatever an agent sends.
 */
export const MAX_ANSWER_BYTES = 64 * 1024;

export interface Usage {
  tokens: number | null;
  costUsd: number | null;
}

/**
 * An agent's answer as the arena stores it: over MAX_ANSWER_BYTES it is `oversized`; otherwise
 * well-formed (no NUL, no lone surrogate: the database could not store the round) with its
 * References counted and its research trace bounded. Never throws: an answer the citation reader
 * cannot read is `malformed`. `startedAt` is a `performance.now()` reading.
 */
export function answerOf(raw: string, startedAt: number, usage: Usage, trace?: readonly TraceStep[], dropped?: Dropped): AgentAnswer {
  return answerAfter(raw, Math.round(performance.now() - startedAt), usage, trace, dropped);
}

/**
 * The same, for a run whose wall time is known (a background run started by another process).
 * `dropped`: what the per-answer caps left unread (ANSWER_CAPS), stored with the trace.
 */
export function answerAfter(raw: string, latencyMs: number, usage: Usage, trace?: readonly TraceStep[], dropped?: Dropped): AgentAnswer {
  const bytes = Buffer.byteLength(raw, "utf8");
  if (bytes > MAX_ANSWER_BYTES) {
    return failedAfter({ class: "oversized", detail: `answer of ${bytes} bytes exceeds the ${MAX_ANSWER_BYTES}-byte limit` }, latencyMs);
  }
  const text = wellFormed(raw);
  let citations: AgentAnswer["citations"];
  try {
    citations = referencesOf(text);
  } catch (err) {
    return failedAfter(
      { class: "malformed", detail: detailOf(`citations unreadable: ${err instanceof Error ? err.message : String(err)}`) },
      latencyMs,
    );
  }
  const bounded = boundTrace(trace, dropped);
  return { text, latencyMs, ...usage, citations, error: null, ...(bounded ? { trace: bounded } : {}) };
}

/**
 * Refuses a provider's answer text over MAX_ANSWER_BYTES before anything maps citations into it
 * or parses it: the cap bounds the work on the raw content, not only what is stored.
 */
export function withinAnswerCap(text: string): string {
  // UTF-16 length bounds the UTF-8 size from below: a text this long is over the cap in any encoding.
  if (text.length > MAX_ANSWER_BYTES) throw oversized(text.length, "characters");
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > MAX_ANSWER_BYTES) throw oversized(bytes, "bytes");
  return text;
}

function oversized(size: number, unit: string): AgentCallError {
  return new AgentCallError("oversized", `answer of ${size} ${unit} exceeds the ${MAX_ANSWER_BYTES}-byte limit`);
}

/**
 * Reads an answer the agent sent (parsing, mapping citations, building the trace). Whatever goes
 * wrong in here is caused by the answer, so it is the agent's failure (`malformed`), never an
 * arena error: a throw the classes do not know (a RangeError from a shape nobody foresaw) would
 * otherwise fail the match job and void the match.
 */
export function readAnswer<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    throw unreadable(err, "the answer could not be read");
  }
}

/**
 * A provider SDK's call: besides transport and HTTP errors (classified as they are), the SDKs
 * post-process the body they received (the OpenAI SDK collects a response's `output_text`, the
 * Gemini SDK converts the response), and a hostile shape makes that code throw a TypeError or
 * RangeError. Those are the answer's fault too; anything else unclassified stays an arena error.
 */
export async function sdkCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof TypeError || err instanceof RangeError) throw unreadable(err, "the provider SDK could not read the answer");
    throw err;
  }
}

function unreadable(err: unknown, what: string): unknown {
  if (classOf(err)) return err;
  const why = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return new AgentCallError("malformed", detailOf(`${what}: ${why}`));
}

export function failedAnswer(failure: AgentFailure, startedAt: number): AgentAnswer {
  return failedAfter(failure, Math.round(performance.now() - startedAt));
}

export function failedAfter(failure: AgentFailure, latencyMs: number): AgentAnswer {
  return { text: "", latencyMs, tokens: null, costUsd: null, citations: { count: 0, urls: [] }, error: failure };
}

const DETAIL_MAX = 300;

/**
 * Maps what an adapter caught to the five error classes. The OpenAI SDK wraps transport failures
 * (our guarded fetch's NetError among them) in its own errors, so causes are followed, and the
 * detail is the message of the error that decided the class ("Connection error." says nothing;
 * the NetError under it names the refused address). Only agent-side failures are classified: any
 * other error is an arena bug and is rethrown, so it never counts against the agent.
 */
export function classifyError(err: unknown): AgentFailure {
  const found = classOf(err);
  if (!found) throw err;
  return { class: found.class, detail: detailOf(found.error.message) };
}

/**
 * A failed health check: the class and detail of what was caught, and the HTTP status of the
 * answer when there was one (the owner sees all three with the time of the check).
 */
export function healthFailure(err: unknown): HealthResult {
  const f = classifyError(err);
  // Our guarded client's errors name their class already ("refused: … (url)"); an SDK's do not.
  const detail = f.detail.startsWith(`${f.class}: `) ? f.detail : `${f.class}: ${f.detail}`;
  return { ok: false, detail, failure: { class: f.class, status: httpStatusOf(err) } };
}

/** The HTTP status an error carries (the guarded client's, or a provider SDK's), following causes. */
function httpStatusOf(err: unknown, depth = 0): number | null {
  if (depth > 5 || !(err instanceof Error)) return null;
  if ((err instanceof NetError || isHttpStatusError(err)) && "status" in err && typeof err.status === "number") return err.status;
  return httpStatusOf(err.cause, depth + 1);
}

/** A failure's detail as stored: bounded, and well-formed after the cut (a cut can split a surrogate pair). */
function detailOf(message: string): string {
  return wellFormed(message.slice(0, DETAIL_MAX));
}

function classOf(err: unknown, depth = 0): { class: AgentErrorClass; error: Error } | null {
  if (depth > 5 || !(err instanceof Error)) return null;
  const own = ownClass(err);
  if (own) return { class: own, error: err };
  const inner = classOf(err.cause, depth + 1);
  if (inner) return inner;
  if (isHttpStatusError(err)) return { class: "http_status", error: err };
  return null;
}

/** An SDK's error for a non-2xx answer (OpenAI, Anthropic, Gemini each have their own class). */
function isHttpStatusError(err: Error): boolean {
  const sdkError = err instanceof APIError || err instanceof Anthropic.APIError || err instanceof GeminiApiError;
  return sdkError && "status" in err && typeof err.status === "number";
}

function ownClass(err: Error): AgentErrorClass | null {
  if (err instanceof AgentCallError) return err.errorClass;
  if (err instanceof NetError) return err.kind;
  if (err instanceof ZodError || err instanceof SyntaxError) return "malformed";
  if (err instanceof APIConnectionTimeoutError || err instanceof APIUserAbortError) return "timeout";
  if (err instanceof Anthropic.APIConnectionTimeoutError || err instanceof Anthropic.APIUserAbortError) return "timeout";
  if (err.name === "TimeoutError" || err.name === "AbortError") return "timeout";
  return null;
}
