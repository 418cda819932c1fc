/**
 * Seat names in an examiner's text, mirrored: what a judge wrote about "A" and "B" read with the
 * two answers presented the other way round. Used where the answers were shown in swapped seats
 * (an audit item with seats swapped, the second judgement of a double judging), so the verdict,
 * the reasoning and the per-answer checklist marks all read in the seats shown.
 *
 * What counts as a seat: verdict tokens (`[[A_BETTER]]`, `B_MUCH_BETTER`), a seat after a noun
 * that names an answer ("Agent A", "Answer B", "Response A", "Assistant B"…), possessives
 * ("A's"), and a lone capital A or B (`A:`, `(B)`, "A covers more", "than B"). The one reading
 * left alone is the English article: a capital "A" opening a sentence and followed by a word that
 * is not a verb an examiner writes of a seat ("A total of…" stays, "A covers more…" swaps).
 * Lone letters inside words, abbreviations (U.S.A.) and hyphenated terms (A-level) are not seats.
 * One pass, linear in the text.
 */

const SEAT_PATTERN = /\[\[([AB])_(MUCH_BETTER|BETTER)\]\]|(?<![\w])([AB])_(MUCH_BETTER|BETTER)\b|(?<![\w'’.\-/])([AB])(?![\w\-/]|\.\w)/g;

/** Words after a sentence-initial "A" that make it a seat rather than the article. */
const SEAT_VERBS = new Set(
  (
    "is was has had does did can cannot could would should will may might must and or vs versus than " +
    "covers covered wins won names named finds found gives gave provides provided lists listed mentions mentioned cites cited " +
    "includes included identifies identified misses missed fails failed lacks lacked omits omitted answers answered gets got " +
    "scores scored correctly also only clearly better worse much more less reports reported states stated claims claimed offers " +
    "offered loses lost beats beat contains contained outperforms matches matched ties tied presents presented describes described " +
    "addresses addressed meets met satisfies satisfied hits hit leads led stays remains goes went uses used gets reaches reached " +
    "explains explained mentions notes noted discusses discussed captures captured returns returned"
  ).split(" "),
);

const other = (seat: string) => (seat === "A" ? "B" : "A");

/** Whether position `at` opens a sentence: a line start (after a list marker), or after . ! ? and a space. */
function opensSentence(text: string, at: number): boolean {
  const lineStart = text.lastIndexOf("\n", at - 1) + 1;
  // Bounded look-back: the decision needs only the last few characters.
  const before = text.slice(Math.max(lineStart, at - 80), at);
  if (lineStart >= at - 80 && /^[ \t]*(?:(?:[-*+>]|\d{1,9}[.)])[ \t]+)?$/.test(before)) return true;
  return /[.!?]["'”’)]*[ \t]+$/.test(before);
}

/** Whether a capital "A" at `at` is the English article (see the module comment). */
function isArticle(text: string, at: number): boolean {
  if (!opensSentence(text, at)) return false;
  const word = /^ ([a-z]+)\b/.exec(text.slice(at + 1, at + 40));
  return word !== null && !SEAT_VERBS.has(word[1]!);
}

/** The text with seats A and B exchanged (see the module comment). */
export function swapSeatsInText(text: string): string {
  return text.replace(
    SEAT_PATTERN,
    (
      match,
      tokenSeat: string | undefined,
      tokenSize: string | undefined,
      bareSeat: string | undefined,
      bareSize: string | undefined,
      letter: string | undefined,
      offset: number,
    ) => {
      if (tokenSeat) return `[[${other(tokenSeat)}_${tokenSize}]]`;
      if (bareSeat) return `${other(bareSeat)}_${bareSize}`;
      if (letter === "A" && isArticle(text, offset)) return match;
      return other(letter!);
    },
  );
}
