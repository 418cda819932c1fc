/**
 * Where the text a reader sees comes from in the stored answer. Spans are stored as character
 * offsets of the stored answer (its Markdown, as the agent sent it), but a reader selects the
 * rendered text, which lacks the Markdown's syntax (`**`, `#`, link targets, list markers) and
 * has the References as a list. So the rendered text is aligned to the stored text piece by
 * piece (a piece is one DOM text node, in document order):
 *
 * - a piece found verbatim a little ahead of the cursor in the stored text maps there, char by
 *   char (almost every text node: text between syntax markers is stored text as is);
 * - otherwise (an entity `&amp;` rendered `&`, an escape `\*`) its characters are matched one by
 *   one a few characters ahead, and the match is kept only when nearly all of them were found
 *   close by; text the renderer added (a note, `[image]`) maps to nothing and moves no cursor;
 * - whitespace-only pieces (between blocks) map to nothing.
 *
 * Pure functions over strings, so the rules are tested without a browser.
 */

/** How far ahead (characters) a verbatim piece may be found: skipped syntax and link targets fit in it. */
const VERBATIM_WINDOW = 2_000;
/** How far ahead one character of a non-verbatim piece may be found. */
const CHAR_WINDOW = 12;

/** For each piece, the stored offset of each of its characters, or -1 where it has none. */
export type Alignment = Int32Array[];

function mapCharByChar(stored: string, piece: string, from: number): { map: Int32Array; next: number } | null {
  const map = new Int32Array(piece.length).fill(-1);
  let p = from;
  let found = 0;
  for (let i = 0; i < piece.length; i++) {
    const c = piece[i]!;
    if (/\s/.test(c)) continue;
    const limit = Math.min(stored.length, p + CHAR_WINDOW);
    for (let j = p; j < limit; j++) {
      if (stored[j] === c) {
        map[i] = j;
        p = j + 1;
        found++;
        break;
      }
    }
  }
  const letters = piece.replace(/\s/g, "").length;
  // Kept only when nearly every character was found and the piece did not wander far.
  if (letters === 0 || found < letters * 0.8 || p - from > piece.length * 2 + CHAR_WINDOW) return null;
  return { map, next: p };
}

/** Aligns the rendered pieces (text nodes, in order) to the stored answer. */
export function align(stored: string, pieces: readonly string[]): Alignment {
  let cursor = 0;
  return pieces.map((piece) => {
    if (piece.trim() === "") return new Int32Array(piece.length).fill(-1);
    const at = stored.indexOf(piece, cursor);
    if (at >= 0 && at - cursor <= VERBATIM_WINDOW) {
      cursor = at + piece.length;
      return Int32Array.from({ length: piece.length }, (_, i) => at + i);
    }
    const loose = mapCharByChar(stored, piece, cursor);
    if (!loose) return new Int32Array(piece.length).fill(-1);
    cursor = loose.next;
    return loose.map;
  });
}

/** A position in the rendered text: piece index and character offset in it (a DOM Range boundary). */
export interface Point {
  piece: number;
  offset: number;
}

/**
 * The stored offsets [start, end) of a selection from `from` to `to` (a Range's start and end):
 * the first mapped character at or after `from` and the last mapped one before `to`. Null when
 * the selection covers nothing of the stored answer.
 */
export function storedRange(alignment: Alignment, from: Point, to: Point): { start: number; end: number } | null {
  let start = -1;
  for (let p = from.piece; p < alignment.length && start < 0 && p <= to.piece; p++) {
    const map = alignment[p]!;
    const last = p === to.piece ? to.offset : map.length;
    for (let i = p === from.piece ? from.offset : 0; i < last; i++) {
      if (map[i]! >= 0) {
        start = map[i]!;
        break;
      }
    }
  }
  let end = -1;
  for (let p = to.piece; p >= from.piece && end < 0; p--) {
    const map = alignment[p]!;
    const first = p === from.piece ? from.offset : 0;
    for (let i = (p === to.piece ? to.offset : map.length) - 1; i >= first; i--) {
      if (map[i]! >= 0) {
        end = map[i]! + 1;
        break;
      }
    }
  }
  return start >= 0 && end > start ? { start, end } : null;
}

/** A run of characters of one piece, [from, to), to be highlighted. */
export interface PieceRun {
  piece: number;
  from: number;
  to: number;
}

/**
 * The rendered characters whose stored offsets fall in [start, end), as runs per piece; characters
 * that map to nothing (an entity's rest) between two marked ones stay inside the run.
 */
export function renderedRuns(alignment: Alignment, start: number, end: number): PieceRun[] {
  const runs: PieceRun[] = [];
  alignment.forEach((map, piece) => {
    let run: PieceRun | null = null;
    for (let i = 0; i < map.length; i++) {
      const at = map[i]!;
      if (at >= start && at < end) {
        if (run) run.to = i + 1;
        else run = { piece, from: i, to: i + 1 };
      } else if (at !== -1 && run) {
        runs.push(run);
        run = null;
      }
    }
    if (run) runs.push(run);
  });
  return runs;
}
