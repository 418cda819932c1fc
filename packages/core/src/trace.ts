import { z } from "zod";
import { wellFormed } from "./text/text";

/**
 * An agent's research trace: the steps it says it took for one answer (searches with their
 * queries, pages opened, other tool calls), in order. Any protocol may return one (provider
 * adapters read it from the provider's response, arena-HTTP agents send it in `trace`); it is
 * stored with the round and shown beside the answer, and never shown to the judge.
 *
 * Traces come from strangers: the wire schema accepts any strings, and `boundTrace` cuts what
 * is stored (TRACE_LIMITS) instead of refusing an answer for a long trace.
 */

export const TRACE_LIMITS = {
  /** Steps kept; later steps are counted in `omitted`. */
  steps: 200,
  /** Characters of a query, title, tool name, input or output. */
  text: 2_000,
  /** Characters of a URL. */
  url: 2_048,
  /** Result URLs kept per search. */
  urlsPerSearch: 20,
  /** Serialised size of the kept steps (JSON characters). */
  totalChars: 64 * 1024,
} as const;

export const traceStepSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("search"), query: z.string(), urls: z.array(z.string()).optional() }),
  z.object({ type: z.literal("open_page"), url: z.string(), title: z.string().optional() }),
  z.object({ type: z.literal("tool_call"), name: z.string(), input: z.string().optional(), output: z.string().optional() }),
]);
export type TraceStep = z.infer<typeof traceStepSchema>;

/** The wire format: the steps, oldest first. */
export const traceStepsSchema = z.array(traceStepSchema);

/**
 * What the arena did not read of a provider's answer because a per-answer cap was reached
 * (structured citations, and content blocks / output items / parts): how many of each were
 * dropped. Stored with the trace so the round says its References may be incomplete.
 */
export const droppedSchema = z.object({ citations: z.number().int().nonnegative(), items: z.number().int().nonnegative() });
export type Dropped = z.infer<typeof droppedSchema>;

/** What the arena stores: the kept steps, how many were left out by the limits, and what the answer caps dropped (absent: nothing). */
export const researchTraceSchema = z.object({
  steps: traceStepsSchema,
  omitted: z.number().int().nonnegative(),
  dropped: droppedSchema.optional(),
});
export type ResearchTrace = z.infer<typeof researchTraceSchema>;

const cut = (s: string, max: number) => wellFormed(s.length > max ? `${s.slice(0, max - 1)}…` : s);

function boundStep(step: TraceStep): TraceStep {
  switch (step.type) {
    case "search":
      return {
        type: "search",
        query: cut(step.query, TRACE_LIMITS.text),
        ...(step.urls ? { urls: step.urls.slice(0, TRACE_LIMITS.urlsPerSearch).map((u) => cut(u, TRACE_LIMITS.url)) } : {}),
      };
    case "open_page":
      return {
        type: "open_page",
        url: cut(step.url, TRACE_LIMITS.url),
        ...(step.title !== undefined ? { title: cut(step.title, TRACE_LIMITS.text) } : {}),
      };
    case "tool_call":
      return {
        type: "tool_call",
        name: cut(step.name, TRACE_LIMITS.text),
        ...(step.input !== undefined ? { input: cut(step.input, TRACE_LIMITS.text) } : {}),
        ...(step.output !== undefined ? { output: cut(step.output, TRACE_LIMITS.text) } : {}),
      };
  }
}

/**
 * The stored form of a trace: each string cut to its limit (and made storable), at most
 * TRACE_LIMITS.steps steps and TRACE_LIMITS.totalChars characters of JSON, the rest counted.
 * Null for no steps and nothing dropped, so an agent without a trace stores nothing.
 */
export function boundTrace(steps: readonly TraceStep[] | null | undefined, dropped?: Dropped): ResearchTrace | null {
  const capped = dropped && (dropped.citations > 0 || dropped.items > 0) ? { dropped } : {};
  if (!steps?.length) return "dropped" in capped ? { steps: [], omitted: 0, ...capped } : null;
  const kept: TraceStep[] = [];
  let chars = 0;
  for (const step of steps) {
    if (kept.length >= TRACE_LIMITS.steps) break;
    const bounded = boundStep(step);
    const size = JSON.stringify(bounded).length + 1;
    if (chars + size > TRACE_LIMITS.totalChars) break;
    chars += size;
    kept.push(bounded);
  }
  return { steps: kept, omitted: steps.length - kept.length, ...capped };
}
