import { parseWordLimit, sentences, truncateWords, type AgentRequest } from "@arena/core";
import { contentTerms, factSignal, wordCount } from "./text";

/** One result of the sandbox search (`GET /sandbox/search`). */
export interface SearchHit {
  /** The page's original URL: what answers cite. */
  url: string;
  /** Where the sandbox serves the page. */
  sandboxUrl: string;
  title: string | null;
  snippet: string;
  score: number;
}

/** What a built-in agent can do on the sandbox web. */
export interface SandboxApi {
  search(q: string, k: number, signal?: AbortSignal): Promise<SearchHit[]>;
  /** Readable text of a page by its original URL; null when this sandbox cannot serve page text. */
  pageText(url: string, signal?: AbortSignal): Promise<string | null>;
}

/** A source the answer cites, with the sentences taken from it. */
interface Source {
  url: string;
  title: string | null;
  sentences: string[];
}

/** The instruction's range; other wordings fall back to 150-250 words (docs/method.md §3: the smallest range the formula gives). */
const wordLimitOf = (req: AgentRequest) => parseWordLimit(req.wordLimitInstruction) ?? { min: 150, max: 250 };

const MAX_QUERY_TERMS = 12;
/** The sandbox search refuses longer queries. */
const MAX_QUERY_CHARS = 256;

/**
 * `builtin:extractive` — the weak baseline: one query made of the question's content words,
 * the top-k snippets stitched into the answer, each cited.
 */
export async function extractiveAnswer(api: SandboxApi, req: AgentRequest, signal?: AbortSignal): Promise<string> {
  const { max } = wordLimitOf(req);
  const hits = await api.search(queryOf(req.question), 5, signal);
  const perHit = Math.max(20, Math.floor(max / Math.max(1, hits.length)));
  const sources = hits
    .filter((h) => h.snippet.trim())
    .map((h): Source => ({ url: h.url, title: h.title, sentences: [truncateWords(h.snippet.trim(), perHit)] }));
  return formatAnswer(sources);
}

/**
 * `builtin:researcher` — the stronger baseline: several queries (the whole question and each of
 * its clauses), results merged by URL, the top pages read in full, and the sentences that share
 * the most (rarest) question terms and carry numbers, dates or names kept, up to the word limit.
 * Deterministic: ties are broken by URL and sentence order, never by chance.
 */
export async function researcherAnswer(api: SandboxApi, req: AgentRequest, signal?: AbortSignal): Promise<string> {
  const limit = wordLimitOf(req);
  const hits = await mergedSearch(api, [queryOf(req.question), ...clauseQueries(req.question)], signal);
  const pages = await Promise.all(hits.slice(0, 5).map(async (h) => ({ hit: h, text: await readPage(api, h, signal) })));
  const questionTerms = new Set(contentTerms(req.question));
  const weights = termWeights(
    questionTerms,
    pages.map((p) => p.text),
  );
  const ranked = pages.flatMap((p, pageRank) =>
    passages(p.text).map((s, order) => ({ url: p.hit.url, title: p.hit.title, s, pageRank, order, score: sentenceScore(s, weights) })),
  );
  ranked.sort((a, b) => b.score - a.score || a.pageRank - b.pageRank || a.order - b.order);
  const target = Math.round((limit.min + limit.max) / 2);
  const chosen: typeof ranked = [];
  let words = 0;
  for (const c of ranked) {
    if (c.score <= 0 || words >= target) break;
    if (words + wordCount(c.s) > limit.max || chosen.some((x) => similar(x.s, c.s))) continue;
    chosen.push(c);
    words += wordCount(c.s);
  }
  chosen.sort((a, b) => a.pageRank - b.pageRank || a.order - b.order);
  const sources = new Map<string, Source>();
  for (const c of chosen) {
    const src = sources.get(c.url) ?? { url: c.url, title: c.title, sentences: [] };
    src.sentences.push(c.s);
    sources.set(c.url, src);
  }
  return formatAnswer([...sources.values()]);
}

/** A page's text; its snippet when the page cannot be read (the caller's abort still propagates). */
async function readPage(api: SandboxApi, hit: SearchHit, signal?: AbortSignal): Promise<string> {
  try {
    return (await api.pageText(hit.url, signal)) ?? hit.snippet;
  } catch (err) {
    if (signal?.aborted) throw err;
    return hit.snippet;
  }
}

const PASSAGE_MAX_WORDS = 60;

/**
 * Sentences of a page; scraped text often lacks punctuation, so an over-long "sentence" is cut into
 * 40-word windows rather than dropped. Fragments under five words carry no fact and are skipped.
 */
function passages(text: string): string[] {
  return sentences(text).flatMap((s) => {
    const words = s.split(" ");
    if (words.length < 5) return [];
    if (words.length <= PASSAGE_MAX_WORDS) return [s];
    const out: string[] = [];
    for (let i = 0; i < words.length; i += 40) out.push(words.slice(i, i + 40).join(" "));
    return out.filter((p) => wordCount(p) >= 5);
  });
}

/**
 * A sandbox query from a text: its distinct content words joined with `or`. The sandbox search
 * takes web-search syntax, where plain words must all match; a disjunction returns every page
 * sharing a term, ranked by how well it matches, which suits a question's many words.
 */
function queryOf(text: string): string {
  const terms: string[] = [];
  for (const t of new Set(contentTerms(text))) {
    if (terms.length >= MAX_QUERY_TERMS || [...terms, t].join(" or ").length > MAX_QUERY_CHARS) break;
    terms.push(t);
  }
  return terms.join(" or ");
}

/** Clauses of the question worth their own query (at least two content words), at most four. */
function clauseQueries(question: string): string[] {
  const clauses = question.split(/[?;:()]|,|\b(?:and|which|whose|who|that|where|while|then)\b/i);
  const queries = clauses.map(queryOf).filter((q) => q.includes(" or "));
  return [...new Set(queries)].slice(0, 4);
}

async function mergedSearch(api: SandboxApi, queries: string[], signal?: AbortSignal): Promise<SearchHit[]> {
  const merged = new Map<string, SearchHit>();
  for (const q of [...new Set(queries)].filter(Boolean)) {
    for (const h of await api.search(q, 5, signal)) {
      const prev = merged.get(h.url);
      merged.set(h.url, prev ? { ...prev, score: prev.score + h.score } : h);
    }
  }
  return [...merged.values()].sort((a, b) => b.score - a.score || a.url.localeCompare(b.url));
}

/** Inverse document frequency of each question term over the pages read (rarer terms identify more). */
function termWeights(terms: Set<string>, texts: string[]): Map<string, number> {
  const docs = texts.map((t) => new Set(contentTerms(t)));
  const weights = new Map<string, number>();
  for (const term of terms) {
    const df = docs.filter((d) => d.has(term)).length;
    weights.set(term, Math.log(1 + (docs.length + 1) / (df + 1)));
  }
  return weights;
}

function sentenceScore(s: string, weights: Map<string, number>): number {
  const present = new Set(contentTerms(s));
  let overlap = 0;
  for (const [term, w] of weights) if (present.has(term)) overlap += w;
  return overlap * (1 + 0.5 * factSignal(s));
}

function similar(a: string, b: string): boolean {
  const x = new Set(contentTerms(a));
  const y = new Set(contentTerms(b));
  const inter = [...x].filter((t) => y.has(t)).length;
  return inter / Math.max(1, Math.min(x.size, y.size)) > 0.7;
}

/** Markdown answer: one paragraph per source with its citation, then `## References`. */
function formatAnswer(sources: Source[]): string {
  if (!sources.length) return "The sandbox search returned no pages relevant to this question.";
  const body = sources.map((src, i) => `${src.sentences.join(" ")} [${i + 1}]`);
  const refs = sources.map((src, i) => `[${i + 1}] ${src.url}`);
  return [...body, `## References\n${refs.join("\n")}`].join("\n\n");
}
