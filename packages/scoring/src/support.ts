import { sentences } from "@arena/core";
import { answerSentences } from "@arena/core/citations";
import { contentTokens, datesIn, normalize, numberMatches } from "@arena/examiner";

/**
 * The offline reading of one cited statement against the page it cites (FACT's support, without
 * a judge). A statement is *supported* when one passage of the page (a sentence, or a sentence
 * with the next) holds together:
 * - its subject: every name the statement gives (capitalised phrases), and, for a statement that
 *   starts "It …"/"Its …" or says "Entity N", the subject the answer named before it (see
 *   `answerSubjects`). A name counts when the passage or the page's title holds it (the page is
 *   about it or names it); a statement that names nothing is read against every passage;
 * - its figures: dates at the statement's precision or finer ("12 March 1850" is not backed by a
 *   bare "1850"), numbers within 1 % in any spelling (thousands separated by commas or spaces,
 *   number words, units and their symbols: km² is square kilometres, m is metres, nmi nautical
 *   miles) and, when the statement gives a number's unit, in that unit;
 * - its relation words, after stemming and a few synonyms (tall/high → height, covers → area,
 *   built/completed → built): one of them beside the statement's figures (which must then also be
 *   in the statement's unit, or in a unit the statement's words name) or beside a second name
 *   ("born in Dymford"), at least half of them in a statement with neither.
 * A statement is *contradicted* when a sentence holds its subject and relation words with another
 * figure of the same kind (a date for a date, a number in the same unit): the page says otherwise.
 * Otherwise it is *unsupported* — unless it is copied from the page word for word (four words or
 * more, about no subject it refers back to): a pasted snippet is backed whatever the page's
 * sentence breaks.
 *
 * "label: value" lines read as statements (the label's words are the relation, the value the
 * figure), and so do names in parentheses. Texts are untrusted: every pattern here is linear.
 */
export type OfflineSupport = "supported" | "contradicted" | "unsupported";

/** Share of a statement's relation words its passage must hold when the statement gives no figure. */
const RELATION_WORDS = 0.5;
/** A statement of at least this many words found word for word on the page is backed by it. */
const COPIED_WORDS = 4;
/** Share of a name's words a passage must hold when the name is not there as a whole phrase. */
const NAME_WORDS = 0.75;

// ---------------------------------------------------------------------------------------------
// Canonical text: one spelling for units, thousands and number words, on statement and page alike

const NUMBER_WORDS: Record<string, string> = {
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
  ten: "10",
  eleven: "11",
  twelve: "12",
  thirteen: "13",
  fourteen: "14",
  fifteen: "15",
  sixteen: "16",
  seventeen: "17",
  eighteen: "18",
  nineteen: "19",
  twenty: "20",
  thirty: "30",
  forty: "40",
  fifty: "50",
  sixty: "60",
  seventy: "70",
  eighty: "80",
  ninety: "90",
};
const NUMBER_WORD = new RegExp(`\\b(?:${Object.keys(NUMBER_WORDS).join("|")})\\b`, "gi");
/** "6 352", "6 352" and "6'352" are 6352 (a leading group of 1–3 digits, then groups of exactly 3). */
const SPACED_THOUSANDS = /(?<![\d.,])\d{1,3}(?:[ \u00a0\u202f\u2009'’]\d{3})+(?![\d,.]\d)/g;
const UNITS: Array<[RegExp, string]> = [
  [/(\d) ?(?:km²|km2|km\^2|sq\.? ?km|square kilomet(?:er|re)s?)(?![\p{L}\d])/giu, "$1 square kilometres"],
  [/(\d) ?(?:m²|m2|m\^2|sq\.? ?m|square met(?:er|re)s?)(?![\p{L}\d])/giu, "$1 square metres"],
  [/(\d) ?(?:km|kilomet(?:er|re)s?)(?![\p{L}\d²])/giu, "$1 kilometres"],
  // "45 m" is metres here; after a currency sign "m" stays a scale ("$1.2m")
  [/(?<![$€£¥][\d.,]{0,20})(\d) ?(?:m|met(?:er|re)s?)(?![\p{L}\d²])/gu, "$1 metres"],
  [/(\d) ?(?:nmi|NM|nautical mi\.?)(?![\p{L}\d])/gu, "$1 nautical miles"],
  [/(\d) ?(?:ha)(?![\p{L}\d])/gu, "$1 hectares"],
  [/\b(?:kilometers?)\b/gi, "kilometres"],
  [/\b(?:meters?)\b/gi, "metres"],
];

function canonical(text: string): string {
  let t = text.replace(/[*_`~]+/g, " ").replace(/\s+/g, " ");
  if (/[a-z]/i.test(t)) t = t.replace(NUMBER_WORD, (w) => NUMBER_WORDS[w.toLowerCase()]!);
  t = t.replace(SPACED_THOUSANDS, (m) => m.replace(/[^\d]/g, ""));
  for (const [pattern, spelling] of UNITS) t = t.replace(pattern, spelling);
  return t.trim();
}

// ---------------------------------------------------------------------------------------------
// Words: stems and a few synonyms, so "tall" meets "height" and "covers" meets "area"

const SYNONYMS: Record<string, string> = {
  tall: "height",
  high: "height",
  covers: "area",
  cover: "area",
  covering: "area",
  covered: "area",
  completed: "built",
  constructed: "built",
  finished: "built",
  erected: "built",
  build: "built",
  established: "founded",
  founding: "founded",
  annual: "year",
  yearly: "year",
  annually: "year",
  birth: "born",
  birthplace: "born",
  metre: "metres",
  kilometre: "kilometres",
};
/** Words of questions and labels that name no relation ("how many", "the number of"). */
const FILLER = new Set([
  "how",
  "many",
  "much",
  "number",
  "total",
  "about",
  "around",
  "approximately",
  "roughly",
  "some",
  "entity",
  "value",
  "figure",
  "given",
  "give",
  "there",
  "they",
  "he",
  "she",
  "his",
  "her",
  "said",
]);
/** Said by the date itself when the statement gives one. */
const DATE_WORDS = new Set(["year", "date", "when", "day"]);

function stem(word: string): string {
  const w = SYNONYMS[word] ?? word;
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) return SYNONYMS[w.slice(0, -1)] ?? w.slice(0, -1);
  return w;
}

const stems = (text: string) =>
  contentTokens(text)
    .filter((w) => !/^\d+$/.test(w))
    .map(stem);

// ---------------------------------------------------------------------------------------------
// Figures: dates (ISO, with their precision) and numbers with the word after them as their unit

interface NumberFigure {
  value: number;
  /** Up to two stemmed words after the number in its clause ("metre height", "square kilometre", "visitor") or a currency sign; empty when none. */
  unit: string[];
}
interface Figures {
  dates: string[];
  numbers: NumberFigure[];
  /** The text with its dates and numbers blanked (for reading the words around them). */
  rest: string;
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
const NUMBER = /([$€£¥]\s?)?(?<![\d.,])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?:\s?(thousand|million|billion|trillion|bn|mn|[kmb])\b)?/gi;
const STOP_UNIT = new Set([
  "and",
  "or",
  "in",
  "on",
  "at",
  "of",
  "to",
  "the",
  "a",
  "an",
  "for",
  "from",
  "by",
  "with",
  "is",
  "was",
  "it",
  "its",
  "there",
  "about",
  "some",
]);

function figuresOf(text: string): Figures {
  const dates = datesIn(text);
  let rest = text;
  for (const d of dates) rest = rest.slice(0, d.index) + " ".repeat(d.text.length) + rest.slice(d.index + d.text.length);
  const numbers: NumberFigure[] = [];
  for (const m of rest.matchAll(NUMBER)) {
    const value = Number(m[2]!.replace(/,/g, "") + (m[3] ?? "")) * (m[4] ? (SCALE[m[4].toLowerCase()] ?? 1) : 1);
    if (!Number.isFinite(value)) continue;
    const clause = rest.slice(m.index + m[0].length, m.index + m[0].length + 40).split(/[.;:!?()[\]\d]/)[0]!;
    const unit = m[1]
      ? [m[1].trim()]
      : (clause.toLowerCase().match(/\p{L}{2,30}/gu) ?? [])
          .filter((w) => !STOP_UNIT.has(w))
          .slice(0, 2)
          .map(stem);
    numbers.push({ value, unit });
  }
  return { dates: dates.map((d) => d.iso), numbers, rest: rest.replace(NUMBER, " ") };
}

/** A date of the statement is backed by a page date at its precision or finer. */
const dateBacked = (iso: string, page: readonly string[]) => page.some((p) => p.startsWith(iso));
/**
 * A page number is in the statement number's unit when they share a word ("annual visitors" and
 * "visitors a year"); a statement number without a unit of its own ("tower height in metres: 17")
 * takes its unit from the statement's words, so "17 nautical miles" is not it.
 */
const unitsAgree = (n: NumberFigure, p: NumberFigure, words: readonly string[]) =>
  p.unit.length === 0 || (n.unit.length ? n.unit : words).some((w) => p.unit.includes(w));
const numberBacked = (n: NumberFigure, page: readonly NumberFigure[], words: readonly string[]) =>
  page.some((p) => unitsAgree(n, p, words) && numberMatches(n.value, [p.value]));

// ---------------------------------------------------------------------------------------------
// Names: capitalised phrases, without sentence-case openers, function words and month names

const NOT_NAMES = new Set(
  "the a an it its this that these those they their he she his her we our in on at by of for from with and or but to as entity see also according based here there".split(
    " ",
  ),
);
const MONTHS = new Set(
  "january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec".split(
    " ",
  ),
);

/** Words that join the parts of one name ("Lantern Fire of 1862 at Cuzia Lighthouse", "Lighthouses of the Wialogist Coast"). */
const JOINERS = /^(?:of|at|the|de|del|la|le|von|van|\d{1,4})$/;

/**
 * The names of a text: runs of capitalised words (joined across "of", "at", "the" and numbers
 * when a capitalised word follows), without function words and months.
 */
export function namesIn(text: string): string[] {
  const words = text
    .replace(/[^\p{L}\p{N}'’.\s-]+/gu, " . ")
    .split(/\s+/)
    .filter(Boolean);
  const names: string[] = [];
  let run: string[] = [];
  let joiners: string[] = [];
  let runStart = -1;
  const close = () => {
    // a single capitalised word opening the text is sentence case, not a name
    if (run.length > 1 || (run.length === 1 && runStart > 0)) names.push(run.join(" "));
    run = [];
    joiners = [];
  };
  words.forEach((raw, i) => {
    const word = raw.replace(/^[.'’-]+|[.'’-]+$/g, "");
    const lower = word.toLowerCase();
    const isName = /^\p{Lu}/u.test(word) && word.length <= 40 && !NOT_NAMES.has(lower) && !MONTHS.has(lower);
    if (isName) {
      if (!run.length) runStart = i;
      run.push(...joiners, word);
      joiners = [];
    } else if (run.length && raw === word && JOINERS.test(lower) && joiners.length < 3) joiners.push(word);
    else close();
    // a full stop ends a run ("… Coast. Its" is two sentences); initials ("G. Boubrast") do not
    if (isName && /\.$/.test(raw) && word.length > 1) close();
  });
  close();
  return names;
}

function nameIn(name: string, texts: readonly string[], tokens: Has): boolean {
  const phrase = normalize(name);
  if (!phrase) return true;
  if (texts.some((t) => t.includes(` ${phrase} `))) return true;
  const own = contentTokens(name);
  return own.length > 0 && own.filter((w) => tokens.has(w)).length / own.length >= NAME_WORDS;
}

// ---------------------------------------------------------------------------------------------
// Statements

interface Claim {
  /** Names every backing passage must hold (the statement's own and, when it refers back, its subject's). */
  names: string[];
  /** The statement names a subject it refers back to (then its own words alone do not settle it). */
  refersBack: boolean;
  /** The statement's normalised text. */
  text: string;
  dates: string[];
  numbers: NumberFigure[];
  words: string[];
}

const PLACEHOLDER = /\bentity\s+(\d{1,2})\b\s*:?/i;
/** A statement opening with a pronoun names no subject of its own (its names are values: "Its capital is Mousiby"). */
const REFERS_BACK = /^\W*(?:it|its|they|their|he|she|his|her|this|these)\b/i;
/** A pronoun anywhere ("At 21 nmi, its light range is notable") refers to the subject named before. */
const PRONOUN = /\b(?:it|its|they|their|he|she|his|her)\b/i;

function claimOf(statement: string, subject: readonly string[]): Claim {
  const text = canonical(statement).replace(PLACEHOLDER, " ").trim();
  const own = namesIn(text);
  const refersBack = PLACEHOLDER.test(statement) || REFERS_BACK.test(text) || PRONOUN.test(text);
  const names = [...new Set([...own, ...(refersBack ? subject : [])])];
  // a name's own numbers ("Great Storm of 1956") are part of the name, not figures
  let unnamed = text;
  for (const n of own) unnamed = unnamed.split(n).join(" ");
  const figures = figuresOf(unnamed);
  const words = [...new Set(stems(figures.rest))].filter((w) => !FILLER.has(w) && !(figures.dates.length > 0 && DATE_WORDS.has(w)));
  return { names, refersBack: names.length > own.length, text: normalize(text), dates: figures.dates, numbers: figures.numbers, words };
}

/**
 * The subject each statement of an answer refers back to, by the statement's normalised text.
 * "Entity N …" is the N-th distinct entity the answer named (the question's numbering), when it
 * named that many. "It …", "Its …", "They …" refer to the names of the closest preceding heading,
 * or of the closest preceding statement when that one cites a source this one cites too: pasted
 * page sentences ("It is tiny and yellow [2]") do not refer to whatever another source said.
 */
export function answerSubjects(body: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const named: string[] = [];
  // the last named subject, and the sources its statement cited (null: a heading)
  let last: { names: string[]; sources: number[] | null } = { names: [], sources: null };
  for (const line of body.split("\n")) {
    const heading = /^ {0,3}#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      const names = namesIn(canonical(heading[1]!));
      if (names.length) {
        if (!named.includes(names[0]!)) named.push(names[0]!);
        last = { names: names.slice(0, 1), sources: null };
      }
      continue;
    }
    for (const sentence of answerSentences(line)) {
      const sources = [...sentence.matchAll(/\[([\d\s,;–—-]{1,40})\]/g)].flatMap((m) => m[1]!.split(/\D+/).filter(Boolean).map(Number));
      const placeholder = PLACEHOLDER.exec(sentence);
      const ordinal = placeholder ? named[Number(placeholder[1]) - 1] : undefined;
      const sameSource = last.sources === null || last.sources.some((n) => sources.includes(n));
      const key = statementKey(sentence);
      if (!out.has(key)) out.set(key, ordinal ? [ordinal] : sameSource ? last.names : []);
      const own = namesIn(canonical(sentence).replace(PLACEHOLDER, " "));
      if (own.length && !placeholder && !REFERS_BACK.test(sentence.replace(/^[\W_]+/, ""))) {
        if (!named.includes(own[0]!)) named.push(own[0]!);
        last = { names: own.slice(0, 1), sources };
      } else if (ordinal) last = { names: [ordinal], sources };
    }
  }
  return out;
}

/** A statement's key: its words and numbers, citation markers and punctuation aside. */
export function statementKey(statement: string): string {
  return normalize(statement.replace(/\[[\d\s,;–—-]{1,40}\]/g, " "));
}

// ---------------------------------------------------------------------------------------------
// Pages

interface Has {
  has(word: string): boolean;
}

interface Passage {
  /** Normalised texts of the passage's sentences, each with the page's title, padded with spaces (where names are looked for). */
  texts: string[];
  tokens: Has;
  words: Has;
  dates: string[];
  numbers: NumberFigure[];
  /** A single sentence (contradiction is read in sentences only). */
  single: boolean;
}

interface PageReading {
  passages: Passage[];
  /** The whole page normalised and padded with spaces (a statement copied from it word for word is backed). */
  text: string;
}

/** Pages read, remembered for the last pages (up to PAGES_KEPT, and PAGE_CHARS_KEPT characters): answers cite the same pages many times. */
const pageCache = new Map<string, PageReading>();
const PAGES_KEPT = 128;
const PAGE_CHARS_KEPT = 8_000_000;
let charsKept = 0;
/** Pages are cut to this many characters: a page is untrusted and the offline reading is per passage. */
const PAGE_CHARS = 200_000;

function readPage(page: string): PageReading {
  const hit = pageCache.get(page);
  if (hit) return hit;
  const ss = sentences(page.slice(0, PAGE_CHARS)).map(canonical);
  const norms = ss.map(normalize);
  // the first line of a fetched page is its title (see pages.ts): what every passage is about
  const title = norms[0] ?? "";
  const passages = ss.map((s, i): Passage => {
    const f = figuresOf(s);
    const text = ` ${norms[i]} ${title} `;
    return { texts: [text], tokens: new Set(text.split(" ")), words: new Set(stems(s)), dates: f.dates, numbers: f.numbers, single: true };
  });
  // a sentence with the next: read from the two sentences' readings (dates and numbers stay within a sentence)
  for (let i = 0; i + 1 < ss.length; i++) {
    const [a, b] = [passages[i]!, passages[i + 1]!];
    passages.push({
      texts: [a.texts[0]!, b.texts[0]!],
      tokens: { has: (w) => a.tokens.has(w) || b.tokens.has(w) },
      words: { has: (w) => a.words.has(w) || b.words.has(w) },
      dates: [...a.dates, ...b.dates],
      numbers: [...a.numbers, ...b.numbers],
      single: false,
    });
  }
  const reading = { passages, text: ` ${norms.join(" ")} ` };
  pageCache.set(page, reading);
  charsKept += page.length;
  while (pageCache.size > PAGES_KEPT || (charsKept > PAGE_CHARS_KEPT && pageCache.size > 1)) {
    const oldest = pageCache.keys().next().value!;
    charsKept -= oldest.length;
    pageCache.delete(oldest);
  }
  return reading;
}

const coverage = (words: readonly string[], have: Has) => (words.length === 0 ? 1 : words.filter((w) => have.has(w)).length / words.length);

/**
 * The offline verdict on one statement (see the module comment). `subject`: the names the
 * statement refers back to (from `answerSubjects`), empty when the answer named none before it.
 */
export function offlineSupport(statement: string, page: string, subject: readonly string[] = []): OfflineSupport {
  const claim = claimOf(statement, subject);
  if (claim.names.length === 0 && claim.dates.length === 0 && claim.numbers.length === 0 && claim.words.length === 0) return "unsupported";
  const { passages, text } = readPage(page);
  // copied word for word (pasted snippets, whatever the page's sentence breaks), about its own subject
  if (!claim.refersBack && claim.text.split(" ").length >= COPIED_WORDS && text.includes(` ${claim.text} `)) return "supported";
  const hasFigures = claim.dates.length + claim.numbers.length > 0;
  // figures (in their units) or a second name to find with the subject: one relation word places
  // them; a statement with neither needs half its words
  const anchored = hasFigures || claim.names.length > 1;
  const related = (p: Passage) =>
    anchored ? claim.words.length === 0 || claim.words.some((w) => p.words.has(w)) : coverage(claim.words, p.words) >= RELATION_WORDS;
  const about = passages.filter((p) => claim.names.every((n) => nameIn(n, p.texts, p.tokens)) && related(p));
  const backed = (p: Passage) =>
    claim.dates.every((d) => dateBacked(d, p.dates)) && claim.numbers.every((n) => numberBacked(n, p.numbers, claim.words));
  if (about.some(backed)) return "supported";
  // the page states this relation of this subject with another figure
  const otherFigure = (p: Passage) =>
    claim.dates.some((d) => !dateBacked(d, p.dates) && p.dates.some((x) => x.length >= d.length)) ||
    claim.numbers.some((n) => !numberBacked(n, p.numbers, claim.words) && p.numbers.some((x) => unitsAgree(n, x, claim.words)));
  if (hasFigures && claim.words.length > 0 && about.some((p) => p.single && otherFigure(p))) return "contradicted";
  return "unsupported";
}
