import { contentTokens, normalize, tokens, unglue } from "./text";

/**
 * What a question must not reveal about its targets (docs/method.md §3, rule 2), and the masking that
 * enforces it on any text built from page material.
 *
 * Choice: a target's "distinctive words" are the content words of its name and aliases that do
 * not also occur in the root topic or the reasoning-chain names — those words belong to the
 * context the question is allowed to describe (the "Game Boy" in "Game Boy Color" when the
 * chain is about the Game Boy). The full name is hidden as a phrase everywhere regardless.
 */
export interface HiddenTerms {
  /** Normalised phrases (full names, aliases) hidden wherever they occur. */
  phrases: string[][];
  /** Normalised single words hidden wherever they occur. */
  words: Set<string>;
}

export function hiddenTerms(targets: Array<{ name: string; aliases: string[] }>, allowedContext: string[]): HiddenTerms {
  const allowed = new Set(allowedContext.flatMap((t) => tokens(t)));
  const phrases: string[][] = [];
  const words = new Set<string>();
  for (const t of targets) {
    // each name also as the unglued text shows it ("YouTube" reads "You Tube" there)
    for (const name of [t.name, ...t.aliases].flatMap((n) => [n, unglue(n)])) {
      const p = tokens(name);
      if (p.length > 0) phrases.push(p);
      for (const w of contentTokens(name)) if (!allowed.has(w)) words.add(w);
    }
  }
  // longest phrases first so a full name is masked as one span
  phrases.sort((a, b) => b.length - a.length);
  return { phrases, words };
}

const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;
export const MASK = "…";

/** The text's words with their spans, normalised; one word may give several ("½" normalises to "1 2"). */
function wordsOf(text: string): Array<{ start: number; end: number; norm: string }> {
  // For ASCII text a word is letters and digits only, so normalising it is lower-casing it.
  const ascii = /^\p{ASCII}*$/u.test(text);
  const out: Array<{ start: number; end: number; norm: string }> = [];
  for (const m of text.matchAll(WORD)) {
    const start = m.index;
    const end = start + m[0].length;
    if (ascii) out.push({ start, end, norm: m[0].toLowerCase() });
    else for (const norm of tokens(m[0])) out.push({ start, end, norm });
  }
  return out;
}

/**
 * Replaces every hidden phrase or word (case/diacritic-insensitive, whole words) with "…". The
 * text is unglued first (see unglue), so a name glued to its neighbour ("Strezov'sChoir") is a
 * word of its own and is hidden too; the result is the unglued text.
 */
export function maskText(raw: string, hidden: HiddenTerms): string {
  const text = unglue(raw);
  const flat = wordsOf(text);
  // phrases by first word, longest first as in `hidden.phrases`
  const byFirst = new Map<string, string[][]>();
  for (const p of hidden.phrases) byFirst.set(p[0]!, [...(byFirst.get(p[0]!) ?? []), p]);
  const cut: Array<[number, number]> = [];
  for (let i = 0; i < flat.length; i++) {
    const phrase = byFirst.get(flat[i]!.norm)?.find((p) => p.every((w, k) => flat[i + k]?.norm === w));
    if (phrase) {
      cut.push([flat[i]!.start, flat[i + phrase.length - 1]!.end]);
      i += phrase.length - 1;
    } else if (hidden.words.has(flat[i]!.norm)) {
      cut.push([flat[i]!.start, flat[i]!.end]);
    }
  }
  let out = "";
  let pos = 0;
  for (const [a, b] of cut) {
    if (a < pos) continue;
    out += text.slice(pos, a) + MASK;
    pos = b;
  }
  out += text.slice(pos);
  // collapse runs of masks ("… …" → "…")
  return out.replace(/…(?:[\s\p{P}]*…)+/gu, MASK);
}

/** The hidden word or phrase a text reveals, also inside glued words; null when none. */
export function revealed(text: string, hidden: HiddenTerms): string | null {
  for (const variant of [text, unglue(text)]) {
    const word = tokens(variant).find((w) => hidden.words.has(w));
    if (word !== undefined) return word;
    const joined = ` ${normalize(variant)} `;
    const phrase = hidden.phrases.find((p) => joined.includes(` ${p.join(" ")} `));
    if (phrase) return phrase.join(" ");
  }
  return null;
}

export const reveals = (text: string, hidden: HiddenTerms): boolean => revealed(text, hidden) !== null;
