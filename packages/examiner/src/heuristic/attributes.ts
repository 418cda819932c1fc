import type { Fact, FactKind } from "../facts";
import { contentTokens } from "../text";
import { readsAsPhrase } from "./passages";

/**
 * How a heuristic question asks for a fact: as an attribute of the entity ("how many openings are
 * projected each year", "what the median annual wage for this group was", "when it was founded",
 * "its author"), not as a cloze of the page's words with a blank. The phrasing is derived from the
 * clause around the value; where no pattern applies, the fact is asked by the topic the clause
 * names ('the figure it gives for "oral arguments heard each year"').
 *
 * Labelled attributes ("Author Moultrie TA", a citation's year) are read from any page text: thin
 * pages (citation stubs, product boxes) have no prose sentence with a fact but still state them.
 */

export interface Attribute {
  fact: Fact;
  /** The request as the question writes it, before masking. */
  ask: string;
}

const FUNCTION = new Set(
  "a an the of for to in on at by with from as and or but than that which who whose this these those its their his her our your it is are was were be been".split(
    " ",
  ),
);
const LINKING = /^(?:is|was|are|were|reached|totals?|totalled|totaled|stood at|costs?|earned|averaged|of)$/;
const AUX = /^(?:is|was|are|were|has been|have been|had been|be)$/;
const PARTICIPLE =
  /^(?:\p{Ll}{2,}ed|born|built|written|begun|made|held|won|chosen|given|known|taken|founded|released|published|launched|opened|signed|passed)$/u;
const DETERMINER = /^(?:the|a|an|its|their|his|her|our|this|these|each|every|median|average|about)$/i;
const EXAMPLE = /(?:^|\s)(?:like|such as|including|e\.g\.)$/;
const CLAUSE_BREAK = /[,;:()“”"?!]|\s[-–—]\s/;
const MAX_ASK_WORDS = 12;
const MAX_TOPIC_WORDS = 8;

const ABOUT: Record<FactKind, string> = {
  number: "the figure it gives for",
  date: "the date it gives for",
  name: "the name it mentions in connection with",
  statement: "the term it uses in connection with",
};

/** The words of the value's clause before and after it (clause breaks: commas, brackets, quotes, dashes). */
function clause(f: Fact): { before: string[]; after: string[] } {
  const head = f.sentence.slice(0, f.index);
  const breaks = [...head.matchAll(new RegExp(CLAUSE_BREAK.source, "g"))];
  const start = breaks.length ? breaks.at(-1)!.index + breaks.at(-1)![0].length : 0;
  const tail = f.sentence.slice(f.index + f.value.length).replace(/[.!?]["'’”)]?$/, "");
  const end = tail.search(CLAUSE_BREAK);
  return { before: words(head.slice(start)), after: words(end < 0 ? tail : tail.slice(0, end)) };
}

const words = (s: string) => s.split(/\s+/).filter(Boolean);

const lowerFirst = (s: string) => (/^\p{Lu}\p{Ll}/u.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);
const isWord = (w: string) => /^\p{Ll}[\p{Ll}'’-]*$/u.test(w);

/** Function words dropped from both ends of a phrase ("in turn hears oral arguments in" → "turn hears oral arguments"). */
function trimPhrase(phrase: string[]): string[] {
  let a = 0;
  let b = phrase.length;
  const bare = (w: string) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
  while (a < b && (FUNCTION.has(bare(phrase[a]!).toLowerCase()) || !bare(phrase[a]!))) a++;
  while (b > a && (FUNCTION.has(bare(phrase[b - 1]!).toLowerCase()) || !bare(phrase[b - 1]!))) b--;
  // no punctuation left dangling at either end ("-piece choir", "iPad,")
  return phrase
    .slice(a, b)
    .map((w, i) => (i === 0 ? w.replace(/^[^\p{L}\p{N}]+/u, "") : w))
    .map((w, i, all) => (i === all.length - 1 ? w.replace(/[^\p{L}\p{N}]+$/u, "") : w));
}

/** A count with the noun it counts after it: "About 317,700 openings are projected each year" → "how many openings are projected each year". */
function howMany(f: Fact, after: string[]): string | null {
  // a count is a whole number ("4.0" is a version, "$5" an amount)
  if (f.kind !== "number" || /[$€£¥%.]|percent|per cent/i.test(f.value)) return null;
  const unit = f.value.replace(/^[\d.,\s]+/, "").trim();
  if (/\d/.test(unit) || /^(?:thousand|million|billion|trillion)$/i.test(unit)) return null;
  const rest = after.slice(0, MAX_ASK_WORDS);
  if (unit) return `how many ${unit}${rest.length ? ` ${rest.join(" ")}` : ""}`;
  // the counted noun is plural ("cheat codes"; "10-year decade" counts nothing)
  const noun = rest.slice(0, 3).findIndex((w) => !isWord(w) || FUNCTION.has(w));
  if (!rest.length || !isWord(rest[0]!) || FUNCTION.has(rest[0]!) || !rest.slice(0, noun < 0 ? 3 : noun).some((w) => /s$/.test(w)))
    return null;
  return `how many ${rest.join(" ")}`;
}

/** A measure stated as "<the thing> was <value>": "what the median annual wage for this group was". */
function whatWas(f: Fact, before: string[]): string | null {
  if (f.kind !== "number" || before.length < 3 || before.length > MAX_ASK_WORDS) return null;
  const verb = before.at(-1)!.toLowerCase();
  if (!LINKING.test(verb)) return null;
  const subject = before.slice(0, -1);
  if (!DETERMINER.test(subject[0]!) || contentTokens(subject.join(" ")).length < 2) return null;
  const np = lowerFirst(subject.join(" "));
  return verb === "of" ? `the ${np.replace(/^(?:a|an|the)\s+/i, "")}` : `what ${np} ${verb}`;
}

/** A date an event is dated by: "The choir was founded in 1987" → "when the choir was founded"; "and was first performed in" → "when it was first performed". */
function when(f: Fact, before: string[]): string | null {
  if (f.kind !== "date") return null;
  const words = /^(?:in|on|since|during|by)$/i.test(before.at(-1) ?? "") ? before.slice(0, -1) : before;
  if (words.length < 2 || words.length > MAX_ASK_WORDS || !PARTICIPLE.test(words.at(-1)!)) return null;
  // the last coordinated verb phrase ("… took four years to write and was first performed")
  const joint = words.findLastIndex((w) => /^(?:and|but|which|that)$/i.test(w));
  const body = joint >= 0 ? words.slice(joint + 1) : words;
  const [first] = body;
  if (first === undefined) return null;
  // a clause starting with its verb has the entity as its subject
  if (AUX.test(first.toLowerCase()) || /^(?:has|have|had)$/i.test(first)) return `when it ${body.join(" ")}`;
  if (!DETERMINER.test(first) && !/^\p{Lu}/u.test(first)) return null;
  if (!body.slice(1, -1).some((w) => AUX.test(w.toLowerCase()))) return null;
  return `when ${lowerFirst(body.join(" "))}`;
}

/** The agent of a passive verb: "developed by Nintendo" → "who developed it". */
function byWhom(f: Fact, before: string[]): string | null {
  if (f.kind !== "name" || before.length < 2 || before.at(-1) !== "by") return null;
  const verb = before.at(-2)!;
  return /^\p{Ll}{3,}ed$/u.test(verb) ? `who ${verb} it` : null;
}

/** An item given as an example: "infections, like parasites" → "which example it gives of infections". */
function example(f: Fact): string | null {
  const head = f.sentence.slice(0, f.index).trimEnd();
  const m = EXAMPLE.exec(head);
  if (!m) return null;
  // the noun the example belongs to: the word before "like" ("infections, like parasites")
  const noun =
    head
      .slice(0, m.index)
      .replace(/[,;:]\s*$/, "")
      .split(/\s+/)
      .at(-1) ?? "";
  return isWord(noun) && !FUNCTION.has(noun) && contentTokens(noun).length ? `which example it gives of ${noun}` : null;
}

/** Words that say what a topic is about: three letters or more, not filler ("whether you’re", "please see"). */
const FILLER = new Set("whether please see learn find get use make know read click visit need want like well way also just".split(" "));
const meaningful = (topic: string) => contentTokens(topic).filter((w) => w.length >= 3 && !FILLER.has(w)).length;

/** The topic of the value's clause, for the request "the figure it gives about …". */
function about(f: Fact, before: string[], after: string[]): string | null {
  // words after the value that start with a capital are usually the next item of a list or heading
  const sides = /^\p{Lu}/u.test(after[0] ?? "") ? [before] : [before, after];
  // two content words on either side, else, for a figure or date (a short clause), one: a name or
  // term by one word is usually a list item ("finance, education")
  for (const least of f.kind === "number" || f.kind === "date" ? [2, 1] : [2]) {
    for (const side of sides) {
      const window = side === before ? before.slice(-MAX_TOPIC_WORDS) : after.slice(0, MAX_TOPIC_WORDS);
      const topic = trimPhrase(window);
      if (readsAsPhrase(window.join(" ")) && meaningful(topic.join(" ")) >= least) return `${ABOUT[f.kind]} "${topic.join(" ")}"`;
    }
  }
  return null;
}

/** The request for a fact, most specific phrasing first; null when its clause says too little. */
export function askFor(f: Fact & { label?: string }): string | null {
  if (f.label) return f.label;
  const { before, after } = clause(f);
  return (
    howMany(f, after) ??
    whatWas(f, before) ??
    when(f, before) ??
    byWhom(f, before) ??
    example(f) ??
    about(f, before, after) ??
    // a value between commas (a list item): the words around it across the commas
    about(f, words(f.sentence.slice(0, f.index)), words(f.sentence.slice(f.index + f.value.length).replace(/[.!?]["'’”)]?$/, "")))
  );
}

const NAME_LABELS = "author|authors|developer|publisher|director|editor|creator|composer|manufacturer|artist";
/** Labels in either case, the name in capitals: no `i` flag, under which \p{Lu} would match any letter. */
const anyCase = (words: string) => words.replace(/\b(\p{L})/gu, (c) => `[${c.toUpperCase()}${c}]`);
const NAME_TOKEN = "\\p{Lu}[\\p{L}'’.&-]*:?";
/** A label, then capitalised words joined by at most one lower-case particle each ("University of Minnesota Libraries Publishing"). */
const LABELLED_NAME = new RegExp(
  `\\b(${anyCase(NAME_LABELS)})(:?)\\s+(${NAME_TOKEN}(?:\\s+(?:(?:of|and|for|the|de|van|von|der|da|del|la|le)\\s+)?${NAME_TOKEN}){0,6})`,
  "gu",
);
const CITATION_YEAR = /\b(?:suggested citation|cite as|citation):?\s+[^.]{2,120}?\.\s+((?:1[5-9]|20)\d\d)\./giu;
const MONTH = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\\.?";
const DATE_VALUE = `(?:${MONTH} \\d{1,2},? (?:1[5-9]|20)\\d\\d|\\d{1,2} ${MONTH},? (?:1[5-9]|20)\\d\\d|(?:1[5-9]|20)\\d\\d-\\d\\d-\\d\\d)`;
/** Date labels and the request each makes. */
const DATE_LABELS: Record<string, string> = {
  "date of last revision": "the date of its last revision",
  "last revised": "the date of its last revision",
  "last updated": "the date it was last updated",
  updated: "the date it was last updated",
  "last modified": "the date it was last updated",
  published: "its publication date",
  posted: "its publication date",
  "release date": "its release date",
  released: "its release date",
  "effective date": "its effective date",
};
const LABELLED_DATE = new RegExp(`\\b(${Object.keys(DATE_LABELS).join("|")}):?\\s+(?:on\\s+)?(${DATE_VALUE})\\b`, "gi");
export const CITATION_YEAR_REQUEST = "the year of publication its suggested citation gives";

/**
 * Attributes a page states by label ("Author Moultrie TA", "Publisher: University of Minnesota
 * Libraries Publishing", "Date of Last Revision: August 22, 2025") and the year of its suggested
 * citation; `label` is the request as the question writes it ("its author"). Labels other than
 * author need their colon ("Developer Community" is a menu entry). A name ends before the next
 * label ("… Publishing Language: English"), and its last word is dropped when the run goes on
 * into lower-case text ("Moultrie TA Printer-friendly version").
 */
export function labelledFacts(text: string): Array<Fact & { label: string }> {
  const out: Array<Fact & { label: string }> = [];
  for (const m of text.matchAll(LABELLED_NAME)) {
    const label = m[1]!.toLowerCase().replace(/s$/, "");
    if (label !== "author" && m[2] !== ":") continue;
    let words = m[3]!.split(/\s+/);
    const nextLabel = words.findIndex((w) => w.endsWith(":"));
    if (nextLabel >= 0) words = words.slice(0, nextLabel);
    else {
      const next =
        text
          .slice(m.index + m[0].length)
          .trimStart()
          .split(/\s+/, 1)[0] ?? "";
      // a lone word running on into lower-case text was no name ("Author Printer-friendly version")
      if (/^\p{Ll}/u.test(next)) words = words.slice(0, -1);
    }
    while (words.length && /^\p{Ll}/u.test(words.at(-1)!)) words.pop();
    const value = words.join(" ").replace(/[.,;:]+$/, "");
    if (value.length >= 3) out.push({ kind: "name", value, sentence: m[0], index: m[0].indexOf(words[0]!), label: `its ${label}` });
  }
  for (const m of text.matchAll(LABELLED_DATE)) {
    out.push({ kind: "date", value: m[2]!, sentence: m[0], index: m[0].lastIndexOf(m[2]!), label: DATE_LABELS[m[1]!.toLowerCase()]! });
  }
  for (const m of text.matchAll(CITATION_YEAR)) {
    out.push({ kind: "date", value: m[1]!, sentence: m[0], index: m[0].lastIndexOf(m[1]!), label: CITATION_YEAR_REQUEST });
  }
  return out;
}
