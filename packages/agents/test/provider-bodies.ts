import { priceTable } from "@arena/core";
import { anthropicAgent } from "../src/protocols/anthropic-agent";
import { AnthropicConfigSchema, GeminiConfigSchema, OpenAIConfigSchema, OpenAIResponsesConfigSchema } from "../src/config";
import { geminiAgent } from "../src/protocols/gemini-agent";
import { openAIAgent } from "../src/protocols/openai-agent";
import { responsesAgent } from "../src/protocols/openai-responses";
import type { AgentClient } from "../src/types";
import { statFields } from "../../../tests/helpers/proc";

/**
 * Provider response bodies as each wire format has them, built around the parts a hostile
 * provider controls, and the four adapters pointed at one local endpoint (tests/servers/
 * raw-provider-server.ts). Shared by the hostile-answer tests, the property tests and the bench.
 */

export const chatBody = (content: unknown, message: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  id: "chatcmpl-1",
  object: "chat.completion",
  created: 0,
  model: "m",
  choices: [{ index: 0, message: { role: "assistant", content, refusal: null, ...message }, finish_reason: "stop", logprobs: null }],
  usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
  ...extra,
});

export const responsesBody = (output: unknown, extra: Record<string, unknown> = {}) => ({
  id: "resp_1",
  object: "response",
  created_at: 0,
  status: "completed",
  model: "m",
  output,
  usage: { input_tokens: 10, output_tokens: 20, total_tokens: 30 },
  ...extra,
});

/** A Responses API output message of one text part. */
export const outputMessage = (text: unknown, annotations: unknown = []) => ({
  type: "message",
  id: "msg_1",
  role: "assistant",
  status: "completed",
  content: [{ type: "output_text", text, annotations }],
});

export const anthropicBody = (content: unknown, extra: Record<string, unknown> = {}) => ({
  id: "msg_1",
  type: "message",
  role: "assistant",
  model: "m",
  content,
  stop_reason: "end_turn",
  usage: { input_tokens: 10, output_tokens: 20 },
  ...extra,
});

export const geminiBody = (parts: unknown, groundingMetadata: unknown = undefined, extra: Record<string, unknown> = {}) => ({
  candidates: [
    { content: { role: "model", parts }, finishReason: "STOP", ...(groundingMetadata === undefined ? {} : { groundingMetadata }) },
  ],
  usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 20, totalTokenCount: 30 },
  ...extra,
});

export type Protocol = "openai" | "openai_responses" | "anthropic" | "gemini";

/** The adapter of a protocol against a local endpoint (`baseUrl` without a path; OpenAI clients get `/v1`). */
export function adapterAt(protocol: Protocol, baseUrl: string, host: string): AgentClient {
  const common = { name: `hostile-${protocol}`, model: "m", apiKey: "sk-agent", allow: [host], prices: priceTable() };
  switch (protocol) {
    case "openai":
      return openAIAgent({ ...common, baseUrl: `${baseUrl}/v1`, config: OpenAIConfigSchema.parse({ timeoutMs: 20_000 }) });
    case "openai_responses":
      return responsesAgent({
        ...common,
        baseUrl: `${baseUrl}/v1`,
        config: OpenAIResponsesConfigSchema.parse({ background: false, timeoutMs: 20_000, deadlineMs: 20_000 }),
      });
    case "anthropic":
      return anthropicAgent({ ...common, baseUrl, config: AnthropicConfigSchema.parse({ timeoutMs: 20_000 }) });
    case "gemini":
      return geminiAgent({ ...common, baseUrl, config: GeminiConfigSchema.parse({ timeoutMs: 20_000 }) });
  }
}

/** USER_HZ: Linux reports a thread's CPU in these ticks on every architecture Node runs on. */
const CLOCK_TICKS_PER_S = 100;

/**
 * CPU time the process's main thread has used, in ms: on Linux from /proc (utime and stime, fields
 * 14 and 15, in 10 ms ticks), which leaves out V8's helper threads (concurrent marking, parallel
 * scavenges) and libuv's pool. Those run beside the event loop and do not block it, yet
 * process.cpuUsage() counts them: under load it read 84 ms where the main thread used 40. Without
 * /proc, the whole process's (stricter).
 */
function mainThreadCpuMs(): number {
  const fields = statFields(`/proc/self/task/${process.pid}/stat`);
  if (fields.length > 12) return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
  const cpu = process.cpuUsage();
  return (cpu.user + cpu.system) / 1000;
}

/**
 * Runs `call` with a heartbeat on the event loop (every 5 ms) and returns how long it blocked the
 * loop: for each interval between two beats, the smaller of its wall time (performance.now(), a
 * monotonic clock) and the CPU time the main thread used in it (mainThreadCpuMs), and the largest
 * of those. The event loop cannot have been blocked longer than either, and on a machine whose
 * cores are shared a wall gap alone also counts the time the process waited for a core.
 * `wallGapMs` is the longest wall gap.
 */
export async function longestStall<T>(call: () => Promise<T>): Promise<{ value: T; stallMs: number; wallGapMs: number }> {
  let last = performance.now();
  let lastCpu = mainThreadCpuMs();
  let [stall, wallGap] = [0, 0];
  const beat = () => {
    const now = performance.now();
    const cpu = mainThreadCpuMs();
    stall = Math.max(stall, Math.min(now - last, cpu - lastCpu));
    wallGap = Math.max(wallGap, now - last);
    last = now;
    lastCpu = cpu;
  };
  const timer = setInterval(beat, 5);
  try {
    const value = await call();
    beat();
    return { value, stallMs: stall, wallGapMs: wallGap };
  } finally {
    clearInterval(timer);
  }
}
