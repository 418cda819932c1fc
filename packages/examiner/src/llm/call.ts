import { jsonrepair } from "jsonrepair";
import type OpenAI from "openai";
import { APIConnectionError, APIError } from "openai";
import { ExaminerUnavailableError, type ExaminerCall } from "../types";
import { callCost, priceFor, type Price } from "@arena/core";
import type { ChatMessage } from "./prompts";

/**
 * One structured examiner call with the retry policy of docs/method.md §4:
 * - up to `maxAttempts` attempts; the first at the spec's temperature, retries at 0;
 * - HTTP 429 / 5xx / connection errors are retried with exponential backoff by the SDK
 *   (`maxRetries`, honouring Retry-After); when those are exhausted the attempt fails;
 * - a 400 whose message names the structured-output parameter (response_format / json_schema /
 *   json_object) downgrades json_schema → json_object → none, once per level, for the rest of this
 *   caller's life (servers that lack the feature stay that way); the downgrade does not use up an
 *   attempt. Any other 400 (context too long, bad model name...) is a failed attempt;
 * - truncated (finish_reason "length"), unparseable or invalid output → the next attempt, with the
 *   rejected reply and the reason appended to the conversation so the model can correct itself.
 * Every request (also failed ones) is returned as an ExaminerCall.
 */
export interface StructuredSpec<T> {
  kind: ExaminerCall["kind"];
  messages: ChatMessage[];
  schemaName: string;
  jsonSchema: Record<string, unknown>;
  /** Sampling temperature of the first attempt (generation and judgement differ). */
  temperature: number;
  /** Validates parsed JSON; throws an Error whose message tells the model what to fix. */
  validate(data: unknown): T;
}

export type StructuredResult<T> = { ok: true; value: T; calls: ExaminerCall[] } | { ok: false; error: string; calls: ExaminerCall[] };

export interface CallerSettings {
  client: OpenAI;
  model: string;
  maxAttempts: number;
  prices: Record<string, Price>;
}

type FormatLevel = "json_schema" | "json_object" | "none";
const DOWNGRADE: Record<FormatLevel, FormatLevel | null> = { json_schema: "json_object", json_object: "none", none: null };

/** Tolerant JSON: text around a ``` fence or before the first "{" is dropped, then jsonrepair. */
export function parseJsonLoose(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)(?:```|$)/i.exec(text);
  let body = fenced ? fenced[1]! : text;
  const start = body.indexOf("{");
  if (start > 0) body = body.slice(start);
  return JSON.parse(jsonrepair(body));
}

export class StructuredCaller {
  private format: FormatLevel = "json_schema";

  constructor(private readonly s: CallerSettings) {}

  async call<T>(spec: StructuredSpec<T>, seed: number): Promise<StructuredResult<T>> {
    const calls: ExaminerCall[] = [];
    let messages = spec.messages;
    let lastError = "no attempt made";
    let unreachable = true;
    for (let attempt = 1; attempt <= this.s.maxAttempts; attempt++) {
      const temperature = attempt === 1 ? spec.temperature : 0;
      const sent = await this.request(spec, messages, temperature, seed, attempt, calls);
      if ("error" in sent) {
        lastError = sent.error;
        unreachable &&= sent.transient;
        continue;
      }
      unreachable = false;
      const { raw, finishReason } = sent;
      let reason: string;
      if (finishReason === "length") {
        reason = "the reply was cut off (finish_reason=length); reply again with a complete, more concise JSON object";
      } else {
        try {
          return { ok: true, value: spec.validate(parseJsonLoose(raw)), calls };
        } catch (err) {
          reason = err instanceof Error ? err.message : String(err);
        }
      }
      calls[calls.length - 1]!.error = reason;
      lastError = reason;
      messages = [
        ...spec.messages,
        { role: "assistant", content: raw },
        { role: "user", content: `Your reply was rejected: ${reason}. Reply again with one corrected JSON object only.` },
      ];
    }
    const error = `${spec.kind} failed after ${this.s.maxAttempts} attempts: ${lastError}`;
    if (unreachable) throw new ExaminerUnavailableError(error, calls);
    return { ok: false, error, calls };
  }

  /** One attempt; loops only to downgrade the response format after a 400. */
  private async request(
    spec: StructuredSpec<unknown>,
    messages: ChatMessage[],
    temperature: number,
    seed: number,
    attempt: number,
    calls: ExaminerCall[],
  ): Promise<{ raw: string; finishReason: string | null } | { error: string; transient: boolean }> {
    for (;;) {
      const started = performance.now();
      const call: ExaminerCall = {
        kind: spec.kind,
        attempt,
        model: this.s.model,
        prompt: messages,
        raw: null,
        error: null,
        tokensIn: null,
        tokensOut: null,
        costUsd: null,
        latencyMs: 0,
      };
      calls.push(call);
      try {
        const res = await this.s.client.chat.completions.create({
          model: this.s.model,
          messages,
          temperature,
          seed,
          ...this.responseFormat(spec),
        });
        call.latencyMs = Math.round(performance.now() - started);
        const choice = res.choices[0];
        call.raw = choice?.message.content ?? "";
        call.tokensIn = res.usage?.prompt_tokens ?? null;
        call.tokensOut = res.usage?.completion_tokens ?? null;
        call.costUsd = callCost(priceFor(this.s.model, this.s.prices), call.tokensIn, call.tokensOut);
        return { raw: call.raw, finishReason: choice?.finish_reason ?? null };
      } catch (err) {
        call.latencyMs = Math.round(performance.now() - started);
        call.error = describeError(err);
        const next = DOWNGRADE[this.format];
        if (next && rejectsResponseFormat(err)) {
          call.error += ` (response_format ${this.format} rejected; retrying with ${next})`;
          this.format = next;
          continue;
        }
        return { error: call.error, transient: isTransient(err) };
      }
    }
  }

  private responseFormat(spec: StructuredSpec<unknown>) {
    if (this.format === "json_schema") {
      return {
        response_format: {
          type: "json_schema" as const,
          json_schema: { name: spec.schemaName, strict: true, schema: spec.jsonSchema },
        },
      };
    }
    if (this.format === "json_object") return { response_format: { type: "json_object" as const } };
    return {};
  }
}

function rejectsResponseFormat(err: unknown): boolean {
  return err instanceof APIError && err.status === 400 && /response_format|json_schema|json_object/i.test(err.message);
}

/** The examiner could not be reached or was overloaded; asking again later may work. */
function isTransient(err: unknown): boolean {
  if (err instanceof APIConnectionError) return true;
  return err instanceof APIError && (err.status === 429 || (err.status ?? 0) >= 500);
}

function describeError(err: unknown): string {
  if (err instanceof APIError) return `HTTP ${err.status ?? "error"}: ${err.message}`;
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}
