import { seedOf } from "@arena/core";
import { memoized } from "./memo";

/**
 * Text normalisation shared by heuristic generation (hiding target names) and heuristic judging
 * (finding them in answers): lower case, diacritics stripped, punctuation → spaces.
 */

const STOP_WORDS = new Set(
  (
    "a an and are as at be been but by can do does for from has have how if in into is it its of on or " +
    "our so than that the their them then there these this those to was were what when where which who " +
    "why will with you your about after all also any before between both each more most not only other " +
    "over same some such through under up very via new get s"
  ).split(" "),
);

/** Generation and judging normalise the same texts (answers, clues, page sentences) many times per round. */
export const normalize: (text: string) => string = memoized(
  (text) => (/^\p{ASCII}*$/u.test(text) ? normalizeAscii(text) : normalizeUnicode(text)),
  2_000_000,
);

function normalizeUnicode(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&amp;/g, "&")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The same for ASCII text, where decomposition and marks do not occur and letters are a–z. */
function normalizeAscii(text: string): string {
  return text
    .toLowerCase()
    .replace(/&amp;/g, "&")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

export function tokens(text: string): string[] {
  const n = normalize(text);
  return n ? n.split(" ") : [];
}

/** Tokens that carry meaning: not stop words; single letters dropped. */
export function contentTokens(text: string): string[] {
  return tokens(text).filter((t) => t.length >= 2 && !STOP_WORDS.has(t));
}

/** Whole-word phrase containment on normalised text. */
export function containsPhrase(haystack: string, phrase: string): boolean {
  const p = normalize(phrase);
  if (!p) return false;
  return ` ${normalize(haystack)} `.includes(` ${p} `);
}

/** Share of the phrase's content tokens present in the text (0 when the phrase has none). */
export function tokenCoverage(haystack: string, phrase: string): number {
  const want = [...new Set(contentTokens(phrase))];
  if (want.length === 0) return 0;
  const have = tokenSet(haystack);
  return want.filter((t) => have.has(t)).length / want.length;
}

/** A text's tokens as a set, remembered: judging checks every checklist item against the same answer. */
const tokenSet: (text: string) => ReadonlySet<string> = memoized((text) => new Set(tokens(text)), 1_000_000);

const NO_SHARED: ReadonlySet<string> = new Set();
export const TITLE_SEPARATOR = /\s+[|\-–—·:]\s+|\s+::\s+/;

/** Words naming the site that hosts a page, from its domain ("support.apple.com" → apple, support). */
function siteWords(domain: string): Set<string> {
  return new Set(
    tokens(domain.replace(/^www\./, "")).filter((t) => !["com", "org", "net", "gov", "edu", "co", "uk", "www", "en", "html"].includes(t)),
  );
}

function isSiteSegment(segment: string, domain: string, shared: ReadonlySet<string>): boolean {
  if (shared.has(normalize(segment))) return true;
  const words = contentTokens(segment.replace(/\([^)]*\)/g, " "));
  const site = siteWords(domain);
  if (words.length === 0) return true;
  return words.every((w) => site.has(w) || w === "wikipedia" || w === "official" || w === "support" || w === "home");
}

/**
 * A page title cleaned into an entity name: HTML entities decoded, invisible characters removed,
 * site segments ("| Site", "- Wikipedia", "- Apple Support (SG)") dropped, and of the remaining
 * separator-delimited segments the longest kept (titles such as "Legal - Privacy Policy - Apple"
 * put a category first). `shared` holds normalised segments known to be site names (e.g. repeated
 * across the titles of a context). Falls back to the URL slug when the title is empty.
 */
export function cleanTitle(title: string, url: string, domain: string, shared: ReadonlySet<string> = NO_SHARED): string {
  const raw = decodeEntities(title)
    .replace(/[\u200B-\u200F\uFEFF\uF8FF]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (!raw) return urlSlugName(url) ?? domain;
  const segments = raw
    .split(TITLE_SEPARATOR)
    .map((s) => s.trim())
    .filter(Boolean);
  const kept = segments.filter((s) => !isSiteSegment(s, domain, shared));
  const pool = kept.length > 0 ? kept : segments;
  return pool.reduce((best, s) => (s.length > best.length ? s : best), pool[0] ?? raw);
}

/** Alternative names of a page's entity: other title segments, the name without a parenthetical, the URL slug. */
export function titleAliases(title: string, url: string, domain: string, shared: ReadonlySet<string> = NO_SHARED): string[] {
  const name = cleanTitle(title, url, domain, shared);
  const raw = decodeEntities(title)
    .replace(/[\u200B-\u200F\uFEFF\uF8FF]/g, "")
    .trim();
  const candidates = [
    ...raw
      .split(TITLE_SEPARATOR)
      .map((s) => s.trim())
      .filter((s) => !isSiteSegment(s, domain, shared)),
    name.replace(/\s*\([^)]*\)\s*/g, " ").trim(),
    urlSlugName(url) ?? "",
  ];
  const seen = new Set([normalize(name)]);
  const aliases: string[] = [];
  for (const c of candidates) {
    const key = normalize(c);
    if (key.length < 3 || seen.has(key)) continue;
    seen.add(key);
    aliases.push(c);
  }
  return aliases;
}

/** The last meaningful path segment of a URL as words ("/wiki/Game_Boy" → "Game Boy"), if it has letters. */
function urlSlugName(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const segments = path.split("/").filter(Boolean);
  for (let i = segments.length - 1; i >= 0; i--) {
    let seg = segments[i]!;
    try {
      seg = decodeURIComponent(seg);
    } catch {
      // keep the raw segment
    }
    const words = seg
      .replace(/\.(html?|php|aspx?|page)$/i, "")
      .replace(/[_+\-.]+/g, " ")
      .trim();
    if (/\p{L}{3,}/u.test(words) && !/^(index|welcome|home|default|en|us|wiki)$/i.test(words)) return words;
  }
  return null;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

export function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name] ?? "");
}

/** Deterministic integer in [0, n) from a seed and a label (no RNG state to thread through). */
export function seededIndex(seed: string, label: string, n: number): number {
  return n <= 0 ? 0 : seedOf(`${seed}\u0000${label}`) % n;
}

/** A stable seed-dependent order of items (sorted by a 32-bit hash of seed + key; ties keep input order). */
export function seededOrder<T>(seed: string, items: T[], key: (t: T) => string): T[] {
  return items
    .map((t) => ({ t, h: seedOf(`${seed}\u0000${key(t)}`) }))
    .sort((a, b) => a.h - b.h)
    .map(({ t }) => t);
}

/** Invisible characters and the private-use glyph some sites put in titles (Apple's logo). */
const INVISIBLE = /[\u200B-\u200F\uFEFF\uF8FF]/g;

/**
 * Separates words glued at a lower→upper case change after at least three lower-case letters
 * ("PolicyTerms" → "Policy Terms"; brand capitals such as "iPhone", "AirPods", "YouTube" and
 * "McDonald" stay, as answers spell them) and after a possessive ("Strezov'sChoir" →
 * "Strezov's Choir"). Also decodes entities and drops invisible characters.
 */
export function unglue(text: string): string {
  return decodeEntities(text)
    .replace(INVISIBLE, "")
    .replace(/(?<=\p{Ll}{3})(?=\p{Lu}\p{Ll})/gu, " ")
    .replace(/(?<=\p{L}['’]s)(?=\p{Lu})/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}
