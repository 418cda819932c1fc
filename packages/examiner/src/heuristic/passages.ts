import { sentences } from "@arena/core";
import { memoized } from "../memo";
import { unglue } from "../text";

/**
 * Clean passages from crawled page text for heuristic questions. Extracted text glues link labels
 * together ("Privacy PolicyTerms of Use", "Strezov'sChoir Essentials") and flattens menus into
 * long runs of capitalised labels; a question quoting them reads as noise, and a target name glued
 * to its neighbour escapes word-based masking.
 */

const FUNCTION_WORDS = new Set(
  (
    "a an and are as at be by for from has have in is it its of on or that the their this to was were which with who will can " +
    "you your we our they not but than over into about after before all more"
  ).split(" "),
);
const MIN_WORDS = 6;
const MAX_WORDS = 35;
/** Menu and layout characters, URLs, copyright lines, unresolved entities. */
const LAYOUT = /[|»›«•©®™]|https?:\/\/|www\.|&[a-z]+;|\.{3}|…/i;
/** Site machinery rather than content: bot walls, cookie and script notices, offline and accessibility notices, legal footers. */
const BOILERPLATE =
  /javascript|cookies?\b|your browser|captcha|please enable|all rights reserved|terms of use|privacy policy|you are offline|locally cached|access the menus|perform the following steps|reasons this might happen|super-human speed|browser plugin|support article|please wait|page not found|access denied|verify you are|please stand by|getting everything ready/i;

/**
 * Whether a sentence reads as prose: 6–35 words, ends like a sentence, at least one word in
 * eight is a function word (menus and tag lists have none), at most half its words are
 * capitalised, and no layout characters.
 */
export function isCleanSentence(s: string): boolean {
  return /[.!?]["'’”)]?$/.test(s) && !CUT_SHORT.test(s) && !GLUED_HEADING.test(s) && readsAsProse(s);
}

/** A sentence the segmenter cut at an abbreviation or initial ("… are appealed to the U.S.", "… of the Edward J."). */
const CUT_SHORT = /(?:\b(?:\p{Lu}\.){2,}|\p{Lu}\p{Ll}+ \p{Lu}\.|\b(?:Mr|Mrs|Ms|Dr|St|Inc|No|vs|Jr|Sr|Co)\.)$/u;
/**
 * A heading or label run into the next sentence without punctuation: a sentence-opening word
 * after a word ("Care at Cleveland Clinic You might feel …", "Notice This is an older version …",
 * "Apple ID password If you forgot …"), or an article after a capitalised word or a number
 * ("Call: 216.444.3223 An easy and fast way …").
 */
const GLUED_HEADING = /(?:(?:\p{Lu}[\p{L}'’]*|\d) (?:An|A)|[\p{L}\d] (?:You|We|Our|This|These|It|If|When|How|What|Why)) \p{Ll}/u;

/** isCleanSentence without the sentence ending: the word counts and ratios only. */
function readsAsProse(s: string): boolean {
  if (LAYOUT.test(s) || BOILERPLATE.test(s)) return false;
  const words = s.split(" ");
  if (words.length < MIN_WORDS || words.length > MAX_WORDS) return false;
  const functionWords = lowerFunctionWords(s);
  const capitalised = words.filter((w) => /^\p{Lu}/u.test(w)).length;
  return functionWords * 8 >= words.length && capitalised * 2 <= words.length && !hasMenuRun(s);
}

const MENU_WINDOW = 8;
const MENU_CAPITALS = 6;

/**
 * Whether a text holds a flattened menu or label run: six capitalised words among eight in a row
 * ("Privacy Policy Terms of Use Sales and Refunds Site Map", "YEARS AND UP GREAT FOR BOYS").
 */
export function hasMenuRun(text: string): boolean {
  const capital = text
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => /^[^\p{L}\p{N}]*\p{Lu}/u.test(w));
  let inWindow = 0;
  for (let i = 0; i < capital.length; i++) {
    if (capital[i]) inWindow++;
    if (i >= MENU_WINDOW && capital[i - MENU_WINDOW]) inWindow--;
    if (inWindow >= MENU_CAPITALS) return true;
  }
  return false;
}

/** The clean sentences of a page text, in order (remembered: every round of a tree reads the same pages). */
export const cleanSentences: (text: string) => readonly string[] = memoized(
  // segmented before ungluing: a line break still ends a sentence (menus sit on lines of their own)
  // a sentence after one cut at an abbreviation is the cut one's tail ("Census Bureau for …" after "… the U.S.")
  (text) =>
    sentences(text)
      .map(unglue)
      .filter((s, i, all) => isCleanSentence(s) && !(i > 0 && CUT_SHORT.test(all[i - 1]!))),
  2_000_000,
);

/** The same for a meta description, which often leaves out its final full stop. */
export function cleanDescription(text: string): readonly string[] {
  const trimmed = text.trim();
  return cleanSentences(/[.!?]["'’”)]?$/.test(trimmed) || !trimmed ? trimmed : `${trimmed}.`);
}

/**
 * Passages that read as prose but do not end as a sentence (a heading run into a statement, a
 * list item): where a page has no clean sentence with a fact, its figures and dates may still be
 * asked from these, quoted by a few words around them.
 */
export const plainSentences: (text: string) => readonly string[] = memoized(
  (text) => sentences(text).map(unglue).filter(readsAsProse),
  2_000_000,
);

/** Whether the words a request quotes read as a phrase: a lower-case function word among them, no layout characters or menu run. */
export function readsAsPhrase(words: string): boolean {
  return !LAYOUT.test(words) && !BOILERPLATE.test(words) && lowerFunctionWords(words) > 0 && !hasMenuRun(words);
}

/** Function words as prose writes them: lower case ("Join Now Available Or SGD" is a menu's "Or"). */
function lowerFunctionWords(s: string): number {
  return s.split(/[^\p{L}]+/u).filter((w) => FUNCTION_WORDS.has(w)).length;
}
