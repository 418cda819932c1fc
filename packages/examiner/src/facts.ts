import * as chrono from "chrono-node";
import { sentences } from "@arena/core";
import { memoized } from "./memo";
import { normalize } from "./text";

/**
 * Fact extraction and matching for the heuristic examiner: numbers (with units, currencies, scale
 * words), dates (chrono-node, year required) and named items (capitalised phrases). Generation
 * extracts them from page text; judging extracts them from answers and compares.
 */

export type FactKind = "number" | "date" | "name" | "statement";

export interface Fact {
  kind: FactKind;
  /** The expected answer as written on the page ("$179.99", "March 3, 2019", "Atari Lynx"). */
  value: string;
  /** The sentence it comes from. */
  sentence: string;
  /** Character offset of the value inside the sentence. */
  index: number;
}

/** Fixed reference date so chrono's implied values never depend on the clock (determinism). */
const CHRONO_REF = new Date(Date.UTC(2000, 0, 1));
const MAX_SENTENCE_WORDS = 60;
const YEAR = /\b(1[5-9]\d\d|20\d\d)\b/;
const YEAR_DIGITS = /1[5-9]\d\d|20\d\d/;

const UNIT =
  "%|percent|per cent|million|billion|trillion|thousand|km|kg|mg|lbs?|mph|km/h|hours?|hrs?|minutes?|mins?|seconds?|" +
  "days?|weeks?|months?|years?|inch(?:es)?|cm|mm|ft|feet|miles?|metres?|meters?|[KMGT]B|[MG]Hz|mAh|kW|watts?|volts?|" +
  "people|players|species|episodes|copies|units|languages|countries|states|members|pages|games|songs|tracks|" +
  "employees|users|titles|teams|seasons|items|cities|points|votes|calories|grams|pounds|ounces|liters?|litres?";
/**
 * Page text is untrusted (a meta description can be 62 KB of "1,1,1,…"), so every pattern here
 * runs in time linear in its input: a number starts only where no digit, comma or point precedes
 * it (no retry from inside a run) and has one reading (thousands groups of three, or plain digits);
 * name words are bounded in length and separated by one space (sentences are whitespace-collapsed).
 */
const NUMBER = "(?<![\\d.,])(?:\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.\\d+)?";
const NUMBER_WITH_UNIT = new RegExp(
  `(?:[$€£¥]\\s?${NUMBER}(?:\\s?(?:million|billion|trillion|thousand|[mbk]n?)\\b)?)|` + `(?:${NUMBER}\\s?(?:${UNIT})(?!\\p{L}))`,
  "giu",
);

const NAME_WORD = "[A-Z][\\p{L}\\d'’&.-]{0,40}(?![\\p{L}\\d'’&.-])";
const NAMED = new RegExp(`(?<![\\p{L}\\d'’&.-])(?:${NAME_WORD} ){1,3}${NAME_WORD}`, "gu");
/** Counts without a unit ("over 60,000 video games"): two digits or more, no leading zero, so list numbers and cents are left out. */
const BARE_NUMBER = new RegExp(`${NUMBER}(?![\\d\\p{L}%])`, "gu");
/** Acronyms of organisations and products ("KFF", "NASA"): 2–6 capitals standing alone. */
const ACRONYM = /(?<![\p{L}\d'’&.-])[A-Z]{2,6}(?![\p{L}\d'’&-])/gu;
/** Longer "sentences" are flattened menus, tables or junk; also bounds the work per sentence. */
const MAX_SENTENCE_CHARS = 600;

/** Extracts facts from text, in text order, de-duplicated by normalised value (remembered: date parsing dominates). */
export const extractFacts: (text: string) => readonly Fact[] = memoized(computeFacts, 2_000_000);

function computeFacts(text: string): Fact[] {
  const facts: Fact[] = [];
  const seen = new Set<string>();
  const add = (f: Fact) => {
    // "5 years" and "5 year" are one fact: numbers are keyed by value
    const key = f.kind === "number" ? `number:${numbersIn(f.value).join(",")}` : `${f.kind}:${normalize(f.value)}`;
    if (seen.has(key) || !normalize(f.value)) return;
    seen.add(key);
    facts.push(f);
  };
  for (const sentence of sentences(text)) {
    // very short fragments carry no context; very long "sentences" are flattened menus or tables
    if (sentence.length > MAX_SENTENCE_CHARS) continue;
    const length = sentence.split(" ").length;
    if (length < 4 || length > MAX_SENTENCE_WORDS) continue;
    for (const m of sentence.matchAll(NUMBER_WITH_UNIT)) {
      if (!YEAR.test(m[0]) || /[$€£¥%]/.test(m[0])) add({ kind: "number", value: m[0].trim(), sentence, index: m.index });
    }
    const dates = datesIn(sentence);
    for (const d of dates) add({ kind: "date", value: d.text, sentence, index: d.index });
    for (const m of sentence.matchAll(BARE_NUMBER)) {
      const inDate = dates.some((d) => m.index < d.index + d.text.length && d.index < m.index + m[0].length);
      if (!inDate && !YEAR.test(m[0]) && /^[1-9]\d*(?:[,.]\d+)*$/.test(m[0]) && m[0].replace(/\D/g, "").length >= 2) {
        add({ kind: "number", value: m[0], sentence, index: m.index });
      }
    }
    for (const m of sentence.matchAll(NAMED)) {
      // a capitalised phrase at the very start of a sentence is usually just sentence case
      // all-caps runs are banners and buttons, not names
      if (m.index > 0 && m[0].length >= 6 && m[0] !== m[0].toUpperCase())
        add({ kind: "name", value: m[0].trim(), sentence, index: m.index });
    }
    for (const m of sentence.matchAll(ACRONYM)) if (m.index > 0) add({ kind: "name", value: m[0], sentence, index: m.index });
  }
  return facts;
}

export interface DateMention {
  text: string;
  iso: string;
  index: number;
}

/** Dates with an explicit year: chrono-node results plus bare years ("in 1989"). Remembered per text. */
export const datesIn: (text: string) => readonly DateMention[] = memoized(parseDates, 2_000_000);

function parseDates(text: string): DateMention[] {
  // Every date kept contains a year, so a text without the digits of one needs no parsing.
  if (!YEAR_DIGITS.test(text)) return [];
  const out: DateMention[] = [];
  const covered: Array<[number, number]> = [];
  for (const r of chrono.parse(text, CHRONO_REF)) {
    if (!YEAR.test(r.text) || !r.start.isCertain("year")) continue;
    out.push({ text: r.text, iso: isoOf(r.start), index: r.index });
    covered.push([r.index, r.index + r.text.length]);
  }
  // chrono's results and the year matches both come in text order: one sweep finds the covered years
  let c = 0;
  for (const m of text.matchAll(new RegExp(YEAR.source, "g"))) {
    while (c < covered.length && covered[c]![1] <= m.index) c++;
    const inside = c < covered.length && covered[c]![0] <= m.index;
    // part of a larger number ("12,2019", "2019.5", "$2019") rather than a year; a few characters
    // around the match decide, so long answers are not re-scanned per year
    const isQuantity =
      /^(?:\d|[,.]\d)/.test(text.slice(m.index + 4, m.index + 6)) ||
      /(?:\d|\d[,.]|[$€£¥])$/.test(text.slice(Math.max(0, m.index - 2), m.index));
    if (!inside && !isQuantity) out.push({ text: m[0], iso: m[0], index: m.index });
  }
  return out.sort((a, b) => a.index - b.index);
}

function isoOf(c: chrono.ParsedComponents): string {
  const y = String(c.get("year"));
  if (!c.isCertain("month")) return y;
  const m = String(c.get("month")).padStart(2, "0");
  if (!c.isCertain("day")) return `${y}-${m}`;
  return `${y}-${m}-${String(c.get("day")).padStart(2, "0")}`;
}

const SCALE: Record<string, number> = {
  thousand: 1e3,
  k: 1e3,
  million: 1e6,
  m: 1e6,
  mn: 1e6,
  billion: 1e9,
  b: 1e9,
  bn: 1e9,
  trillion: 1e12,
};

/**
 * Number words read as digits ("four AA batteries" = "4 AA batteries"): two to twenty and the
 * tens. "one" is left out: it is far more often a pronoun ("one of the…") than a count.
 */
const NUMBER_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const NUMBER_WORD = new RegExp(`\\b(${Object.keys(NUMBER_WORDS).join("|")})\\b`, "gi");

/** Thousands separated by spaces or apostrophes ("23 354", "6'352"): a group of 1–3 digits, then groups of exactly 3. */
const SPACED_THOUSANDS = /(?<![\d.,])\d{1,3}(?:[ \u00a0\u202f\u2009'’]\d{3})+(?![\d,.]\d)/g;

/**
 * Numeric values in text, with scale words applied ("1.2 million" → 1200000) and number words read
 * ("four" → 4). Years are included. A range gives both ends, however written ("3 to 5", "3-5",
 * "3–5"), so ranges match across spellings. Thousands may be separated by commas, spaces or
 * apostrophes. "m" and "b" scale only an amount of money ("$1.2m"): "21 m" is 21 metres.
 */
export function numbersIn(text: string): number[] {
  const out: number[] = [];
  if (/[a-z]/i.test(text)) text = text.replace(NUMBER_WORD, (w) => String(NUMBER_WORDS[w.toLowerCase()]));
  if (/\d[ \u00a0\u202f\u2009'’]\d/.test(text)) text = text.replace(SPACED_THOUSANDS, (m) => m.replace(/[^\d]/g, ""));
  for (const m of text.matchAll(/([$€£¥]\s?)?(\d[\d,]*(?:\.\d+)?)(?:\s?(thousand|million|billion|trillion|bn|mn|[kmb])\b)?/gi)) {
    const base = Number(m[2]!.replace(/,/g, ""));
    if (!Number.isFinite(base)) continue;
    const scale = m[3] && (m[1] || !/^[mb]$/i.test(m[3])) ? (SCALE[m[3].toLowerCase()] ?? 1) : 1;
    out.push(base * scale);
  }
  return out;
}

/** Relative tolerance for numeric matches (docs/method.md §10 uses 1 % for claim numbers too). */
const NUMBER_TOLERANCE = 0.01;

export function numberMatches(expected: number, candidates: number[]): boolean {
  return candidates.some((c) => (expected === 0 ? c === 0 : Math.abs(c - expected) / Math.abs(expected) <= NUMBER_TOLERANCE));
}

/**
 * Whether a date (ISO prefix precision) is among the dates of a text (`datesIn(text)` ISO values):
 * the same date at its precision or finer, or a coarser one ("1906" for 8 September 1906) unless
 * the text also gives another day or month of that year (the year then is the other date's, or a
 * name's: "Restoration of 1906 … took place on 14 September 1906").
 */
export function dateMatches(expectedIso: string, isos: readonly string[]): boolean {
  if (isos.some((iso) => iso.startsWith(expectedIso))) return true;
  const year = expectedIso.slice(0, 4);
  const contradicted = isos.some((iso) => iso.length > 4 && iso.startsWith(year) && !expectedIso.startsWith(iso));
  return !contradicted && isos.some((iso) => expectedIso.startsWith(`${iso}-`));
}
