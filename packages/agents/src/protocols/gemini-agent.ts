import { ApiError, GoogleGenAI, type ToolUnion } from "@google/genai";
import { callCost, priceFor, type AgentAnswer, type AgentRequest, type TraceStep } from "@arena/core";
import { guardedFetch } from "@arena/net";
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
import type { GeminiConfig } from "../config";
import { ANSWER_FORMAT_INSTRUCTIONS, conversation } from "../prompt";
import { ANSWER_CAPS, capped, untrustedList, utf8Offsets, withReferences, type StructuredCitation } from "./structured-citations";
import type { AgentClient, AnswerContext, HealthResult, ProviderAgentOptions } from "../types";

export interface GeminiAgentOptions extends ProviderAgentOptions<GeminiConfig> {
  /** False: grounding redirect links are never resolved, whatever the config says (the web process's probe). */
  resolveRedirects?: boolean | undefined;
  /** Where grounding redirect links are resolved: Google's documented origin (REDIRECT_ORIGIN); tests name a local stand-in. */
  redirectOrigin?: string;
}

/**
 * The @google/genai SDK on the guarded fetch. Gemini API mode is set explicitly: left unset, the
 * SDK would switch to Vertex AI when the operator's environment says GOOGLE_GENAI_USE_VERTEXAI.
 * The SDK retries 429 and 5xx itself (it does not read Retry-After: exponential from 1 s).
 */
function sdk(o: GeminiAgentOptions, timeoutMs: number): GoogleGenAI {
  return new GoogleGenAI({
    apiKey: o.apiKey ?? "no-key",
    vertexai: false,
    httpOptions: {
      baseUrl: o.baseUrl,
      timeout: timeoutMs,
      fetch: agentFetch({ allow: o.allow, purpose: "agent", allowOrigin: o.baseUrl, timeoutMs, maxBytes: o.config.maxBytes }),
      retryOptions: { attempts: 3, initialDelay: 1, maxDelay: 30, httpStatusCodes: [429, 500, 502, 503, 504] },
    },
  });
}

/** The parts of a generateContent response the arena reads; anything else is ignored, odd entries skipped, lists capped before their entries are parsed. */
const PartSchema = z.object({
  text: z.string().nullish(),
  thought: z.boolean().nullish(),
  executableCode: z.object({ code: z.string().nullish() }).nullish(),
  codeExecutionResult: z.object({ output: z.string().nullish() }).nullish(),
});
const SupportSchema = z.object({
  segment: z
    .object({
      startIndex: z.number().int().nullish(),
      endIndex: z.number().int().nullish(),
      partIndex: z.number().int().nullish(),
      text: z.string().nullish(),
    })
    .nullish(),
  groundingChunkIndices: untrustedList.nullish(),
});
const ChunkSchema = z.object({ web: z.object({ uri: z.string().nullish(), title: z.string().nullish() }).nullish() });
const CandidateSchema = z.object({
  content: z.object({ parts: untrustedList.nullish() }).nullish(),
  finishReason: z.string().nullish(),
  groundingMetadata: z
    .object({
      webSearchQueries: untrustedList.nullish(),
      groundingChunks: untrustedList.nullish(),
      groundingSupports: untrustedList.nullish(),
    })
    .nullish(),
  urlContextMetadata: z.object({ urlMetadata: untrustedList.nullish() }).nullish(),
});
const UrlMetadataSchema = z.object({ retrievedUrl: z.string().nullish() });
const ResponseSchema = z.object({
  candidates: untrustedList.nullish(),
  usageMetadata: z
    .object({
      promptTokenCount: tokenCount.nullish(),
      candidatesTokenCount: tokenCount.nullish(),
      thoughtsTokenCount: tokenCount.nullish(),
      toolUsePromptTokenCount: tokenCount.nullish(),
      totalTokenCount: tokenCount.nullish(),
    })
    .nullish(),
});
type Candidate = z.infer<typeof CandidateSchema>;

/** Where a part's text sits in the answer; its UTF-8 offset table is built once, when a segment first needs it. */
interface PlacedPart {
  index: number;
  text: string;
  at: number;
  offsets?: (bytes: number) => number;
}

/** The answer: the text parts that are not thoughts, in order, and where each one starts; held to the answer cap. */
function answerParts(candidate: Candidate): { text: string; parts: PlacedPart[]; dropped: number } {
  let text = "";
  const parts: PlacedPart[] = [];
  const read = capped(candidate.content?.parts, ANSWER_CAPS.items);
  for (const [index, raw] of read.kept.entries()) {
    const p = PartSchema.safeParse(raw);
    if (!p.success || p.data.thought || typeof p.data.text !== "string") continue;
    parts.push({ index, text: p.data.text, at: text.length });
    text += p.data.text;
    // Over the cap already: the rest is not read (the size is checked in full below).
    if (text.length > MAX_ANSWER_BYTES) break;
  }
  return { text: withinAnswerCap(text), parts, dropped: read.dropped };
}

/**
 * A support's span in the answer. Segment offsets count UTF-8 bytes of their part; when they do not
 * land on the segment's own text, the text is looked up in the part instead (offsets have been seen
 * to count the whole answer); a segment found nowhere is not placed.
 */
function spanOf(
  segment: NonNullable<z.infer<typeof SupportSchema>["segment"]>,
  parts: Map<number, PlacedPart>,
  first: PlacedPart | undefined,
): { start: number; end: number } | null {
  const part = parts.get(segment.partIndex ?? 0) ?? first;
  if (!part) return null;
  part.offsets ??= utf8Offsets(part.text);
  const start = part.offsets(segment.startIndex ?? 0);
  const end = part.offsets(segment.endIndex ?? 0);
  if (start >= 0 && end > start && (!segment.text || part.text.slice(start, end) === segment.text))
    return { start: part.at + start, end: part.at + end };
  if (!segment.text || segment.text.length > part.text.length) return null;
  const found = part.text.indexOf(segment.text);
  return found === -1 ? null : { start: part.at + found, end: part.at + found + segment.text.length };
}

/**
 * Grounding supports to citations: each supported segment cites its chunks' web pages. Chunks are
 * read up to ANSWER_CAPS.items, supports and the citations they make up to ANSWER_CAPS.citations,
 * chunk indices up to ANSWER_CAPS.perItem per support; `dropped` counts the citations left out.
 */
function groundingCitations(
  candidate: Candidate,
  parts: PlacedPart[],
  resolve: (uri: string) => string,
): { citations: StructuredCitation[]; dropped: number } {
  const chunks = capped(candidate.groundingMetadata?.groundingChunks, ANSWER_CAPS.items).kept.map(
    (c) => ChunkSchema.safeParse(c).data?.web ?? null,
  );
  const supports = capped(candidate.groundingMetadata?.groundingSupports, ANSWER_CAPS.citations);
  const byIndex = new Map(parts.map((p) => [p.index, p]));
  const cited: StructuredCitation[] = [];
  let dropped = supports.dropped;
  for (const raw of supports.kept) {
    const s = SupportSchema.safeParse(raw);
    if (!s.success || !s.data.segment) continue;
    const span = spanOf(s.data.segment, byIndex, parts[0]);
    const indices = capped(s.data.groundingChunkIndices, ANSWER_CAPS.perItem);
    dropped += indices.dropped;
    for (const i of indices.kept) {
      const web = typeof i === "number" ? chunks[i] : undefined;
      if (!web?.uri) continue;
      if (cited.length >= ANSWER_CAPS.citations) dropped++;
      else cited.push({ url: resolve(web.uri), title: web.title ?? null, span });
    }
  }
  return { citations: cited, dropped };
}

/**
 * Google's grounding redirect links: `https://vertexaisearch.cloud.google.com/grounding-api-redirect/…`.
 * Only that host is asked where a link points; a link elsewhere stays as it is (it is the agent's
 * claim, and the arena does not call hosts an answer names).
 */
export const REDIRECT_ORIGIN = "https://vertexaisearch.cloud.google.com";
const REDIRECT_PATH = /^\/grounding-api-redirect\//;
const MAX_RESOLVED = 30;

/** Whether a grounding URI is a redirect link at the given origin (default: Google's documented one). */
export function isGroundingRedirect(uri: string, origin = REDIRECT_ORIGIN): boolean {
  if (!URL.canParse(uri)) return false;
  const url = new URL(uri);
  return url.origin === origin && REDIRECT_PATH.test(url.pathname);
}

/**
 * Where each grounding redirect link points: one GET through the address guard with the redirect
 * not followed (the page itself is never fetched). A link that does not resolve stays as it is.
 */
async function resolveRedirects(uris: string[], o: GeminiAgentOptions, signal?: AbortSignal): Promise<Map<string, string>> {
  const targets = [...new Set(uris.filter((u) => isGroundingRedirect(u, o.redirectOrigin)))].slice(0, MAX_RESOLVED);
  const resolved = new Map<string, string>();
  await Promise.all(
    targets.map(async (uri) => {
      try {
        const res = await guardedFetch(uri, {
          redirect: "manual",
          throwOnHttpError: false,
          retries: 0,
          timeoutMs: 5_000,
          maxBytes: 64 * 1024,
          allow: o.allow,
          purpose: "agent",
          allowOrigin: o.baseUrl,
          ...(signal ? { signal } : {}),
        });
        const location = res.headers.get("location");
        if (res.status >= 300 && res.status < 400 && location && URL.canParse(location, uri))
          resolved.set(uri, new URL(location, uri).href);
      } catch {
        // An unresolvable link is still a citation; it stays the redirect link.
      }
    }),
  );
  return resolved;
}

/** What the model did: its search queries, the pages URL context read, code it ran (each list capped). */
function traceOf(candidate: Candidate): TraceStep[] {
  const queries = capped(candidate.groundingMetadata?.webSearchQueries, ANSWER_CAPS.perItem).kept;
  const steps: TraceStep[] = queries.flatMap((query): TraceStep[] => (typeof query === "string" ? [{ type: "search", query }] : []));
  for (const raw of capped(candidate.urlContextMetadata?.urlMetadata, ANSWER_CAPS.perItem).kept) {
    const u = UrlMetadataSchema.safeParse(raw).data;
    if (u?.retrievedUrl) steps.push({ type: "open_page", url: u.retrievedUrl });
  }
  for (const raw of capped(candidate.content?.parts, ANSWER_CAPS.items).kept) {
    const p = PartSchema.safeParse(raw).data;
    if (p?.executableCode?.code) steps.push({ type: "tool_call", name: "code_execution", input: p.executableCode.code });
    else if (p?.codeExecutionResult?.output)
      steps.push({ type: "tool_call", name: "code_execution_result", output: p.codeExecutionResult.output });
  }
  return steps;
}

const TOOLS: Record<GeminiConfig["tools"][number], ToolUnion> = {
  google_search: { googleSearch: {} },
  url_context: { urlContext: {} },
  code_execution: { codeExecution: {} },
};

/**
 * An agent behind the Gemini API (`@google/genai`) with Grounding with Google Search.
 * `groundingMetadata.groundingSupports` (answer segments, offsets in UTF-8 bytes) and their
 * `groundingChunks` (web pages) become `[n]` markers and References, with Google's redirect links
 * resolved to the pages; search queries, URL-context reads and code execution the trace. Tokens:
 * prompt + tool-use prompt in, candidates + thoughts out.
 */
export function geminiAgent(o: GeminiAgentOptions): AgentClient {
  const ai = sdk(o, o.config.timeoutMs);
  const price = o.config.price ?? priceFor(o.model, o.prices);
  return {
    name: o.name,
    async answer(req: AgentRequest, ctx: AnswerContext): Promise<AgentAnswer> {
      const started = performance.now();
      try {
        const raw: unknown = await sdkCall(() =>
          ai.models.generateContent({
            model: o.model,
            contents: conversation(req).map((t) => ({ role: t.role === "assistant" ? "model" : "user", parts: [{ text: t.content }] })),
            config: {
              systemInstruction: ANSWER_FORMAT_INSTRUCTIONS,
              tools: o.config.tools.map((t) => TOOLS[t]),
              ...(o.config.maxTokens !== undefined ? { maxOutputTokens: o.config.maxTokens } : {}),
              ...(o.config.temperature !== undefined ? { temperature: o.config.temperature } : {}),
              ...(ctx.signal ? { abortSignal: ctx.signal } : {}),
            },
          }),
        );
        const read = readAnswer(() => {
          const response = ResponseSchema.parse(raw);
          const candidate = response.candidates?.length ? CandidateSchema.parse(response.candidates[0]) : undefined;
          const { text, parts, dropped } = candidate ? answerParts(candidate) : { text: "", parts: [], dropped: 0 };
          if (!candidate || !text.trim())
            throw new AgentCallError(
              "malformed",
              `the response has no text${candidate?.finishReason ? ` (finish reason ${candidate.finishReason})` : ""}`,
            );
          const chunks = capped(candidate.groundingMetadata?.groundingChunks, ANSWER_CAPS.items).kept;
          const chunkUris = chunks.flatMap((c) => ChunkSchema.safeParse(c).data?.web?.uri ?? []);
          return { response, candidate, text, parts, dropped, chunkUris };
        });
        const resolved =
          o.config.resolveRedirects && o.resolveRedirects !== false
            ? await resolveRedirects(read.chunkUris, o, ctx.signal)
            : new Map<string, string>();
        return readAnswer(() => {
          const { response, candidate, text, parts } = read;
          const { citations, dropped } = groundingCitations(candidate, parts, (uri) => resolved.get(uri) ?? uri);
          const u = response.usageMetadata;
          const input = u ? (u.promptTokenCount ?? 0) + (u.toolUsePromptTokenCount ?? 0) : null;
          const output = u ? (u.candidatesTokenCount ?? 0) + (u.thoughtsTokenCount ?? 0) : null;
          return answerOf(
            withReferences(text, citations).trim(),
            started,
            { tokens: u ? (u.totalTokenCount ?? input! + output!) : null, costUsd: callCost(price, input, output) },
            traceOf(candidate),
            { citations: dropped, items: read.dropped },
          );
        });
      } catch (err) {
        return failedAnswer(classifyError(err), started);
      }
    },
  };
}

/** Health: `GET {baseUrl}/v1beta/models/{model}` answers (the model exists for this key); nothing is generated. */
export async function geminiHealth(o: GeminiAgentOptions): Promise<HealthResult> {
  try {
    const model = await sdk(o, Math.min(o.config.timeoutMs, 15_000)).models.get({ model: o.model });
    return { ok: true, detail: `model ${model.name ?? o.model} available` };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404)
      return { ok: false, detail: `model ${o.model} not offered (HTTP 404)`, failure: { class: "http_status", status: 404 } };
    return healthFailure(err);
  }
}
