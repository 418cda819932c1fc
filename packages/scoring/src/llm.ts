import { arenaEnv, parseArenaEnv } from "@arena/env";
import OpenAI, { APIConnectionError, APIError } from "openai";

/**
 * The judge model of `llm` mode: any OpenAI-compatible chat endpoint. The policy follows the
 * examiner's caller (packages/examiner/src/llm/call.ts):
 * - HTTP 429 / 5xx / connection errors are retried by the SDK (`maxRetries`, with backoff);
 * - a reply that is not valid JSON or fails validation is another attempt, with the rejected
 *   reply and the reason sent back so the model can correct itself, up to `maxAttempts`;
 * - a server that rejects `response_format` is asked again without it, for the rest of its life.
 * Outage and reply are different outcomes: when no attempt reached the model the judge throws
 * JudgeUnavailableError (the job is retried later and nothing is stored for that scorer); when
 * the model answered but never validly, `ask` returns null (the scorer records what it can).
 */
export class JudgeUnavailableError extends Error {
  override readonly name = "JudgeUnavailableError";
}

export interface JudgeSettings {
  baseUrl: string;
  model: string;
  apiKey?: string;
  maxAttempts?: number;
  maxRetries?: number;
  timeoutMs?: number;
  temperature?: number;
}

export interface JudgeRequest<T> {
  system: string;
  user: string;
  /** Parses the reply's JSON; throws an Error whose message tells the model what to fix. */
  validate(data: unknown): T;
}

type Message = { role: "system" | "user" | "assistant"; content: string };

export class Judge {
  readonly model: string;
  private readonly client: OpenAI;
  private readonly maxAttempts: number;
  private readonly temperature: number;
  private jsonFormat = true;

  constructor(s: JudgeSettings) {
    this.model = s.model;
    this.maxAttempts = s.maxAttempts ?? 3;
    this.temperature = s.temperature ?? 0;
    // The SDK refuses an empty key; local servers ignore the Authorization header.
    this.client = new OpenAI({
      baseURL: s.baseUrl,
      apiKey: s.apiKey || "none",
      maxRetries: s.maxRetries ?? 2,
      timeout: s.timeoutMs ?? 120_000,
    });
  }

  async ask<T>(req: JudgeRequest<T>): Promise<T | null> {
    const base: Message[] = [
      { role: "system", content: req.system },
      { role: "user", content: req.user },
    ];
    let messages = base;
    let reached = false;
    let lastError = "no attempt made";
    for (let attempt = 1; attempt <= this.maxAttempts; attempt++) {
      const sent = await this.send(messages);
      if ("error" in sent) {
        lastError = sent.error;
        if (!sent.transient) reached = true;
        continue;
      }
      reached = true;
      let reason: string;
      if (sent.truncated) reason = "the reply was cut off; reply again with a shorter complete JSON object";
      else {
        try {
          return req.validate(parseJsonLoose(sent.raw));
        } catch (err) {
          reason = err instanceof Error ? err.message : String(err);
        }
      }
      lastError = reason;
      messages = [
        ...base,
        { role: "assistant", content: sent.raw },
        { role: "user", content: `Your reply was rejected: ${reason}. Reply with one corrected JSON object only.` },
      ];
    }
    if (!reached) throw new JudgeUnavailableError(`judge ${this.model} unreachable: ${lastError}`);
    return null;
  }

  private async send(messages: Message[]): Promise<{ raw: string; truncated: boolean } | { error: string; transient: boolean }> {
    for (;;) {
      try {
        const res = await this.client.chat.completions.create({
          model: this.model,
          messages,
          temperature: this.temperature,
          ...(this.jsonFormat ? { response_format: { type: "json_object" as const } } : {}),
        });
        const choice = res.choices[0];
        return { raw: choice?.message.content ?? "", truncated: choice?.finish_reason === "length" };
      } catch (err) {
        if (this.jsonFormat && err instanceof APIError && err.status === 400 && /response_format|json_object/i.test(err.message)) {
          this.jsonFormat = false;
          continue;
        }
        const transient =
          err instanceof APIConnectionError || (err instanceof APIError && (err.status === 429 || (err.status ?? 0) >= 500));
        return { error: err instanceof Error ? err.message : String(err), transient };
      }
    }
  }
}

/** JSON from a reply that may wrap it in a code fence or chatter: the outermost {...} is parsed. */
export function parseJsonLoose(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)(?:```|$)/i.exec(text);
  const body = fenced ? fenced[1]! : text;
  const start = body.indexOf("{");
  const end = body.lastIndexOf("}");
  if (start === -1 || end < start) throw new Error("the reply holds no JSON object");
  try {
    return JSON.parse(body.slice(start, end + 1));
  } catch (err) {
    throw new Error(`the reply is not valid JSON (${err instanceof Error ? err.message : String(err)})`);
  }
}

/** The judge configured by ARENA_SCORING_* (falling back to the examiner's ARENA_EXAMINER_*), or null. */
export function judgeFromEnv(raw?: Record<string, string | undefined>): Judge | null {
  const env = raw ? parseArenaEnv(raw) : arenaEnv();
  const baseUrl = env.ARENA_SCORING_BASE_URL ?? env.ARENA_EXAMINER_BASE_URL;
  const model = env.ARENA_SCORING_MODEL ?? env.ARENA_EXAMINER_MODEL;
  if (!baseUrl || !model) return null;
  return new Judge({ baseUrl, model, apiKey: env.ARENA_SCORING_API_KEY ?? env.ARENA_EXAMINER_API_KEY ?? "" });
}
