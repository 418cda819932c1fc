import type { AgentAnswer } from "@arena/core";
import { parseCitations } from "@arena/core/citations";

/**
 * What "Test endpoint" tells an owner is wrong with their agent's probe answer, beyond a failed
 * call: an answer the arena reads no citation in is judged as uncited (and its citation columns
 * are empty), which an owner should learn before submitting, with the formats that are read.
 */

/** The citation formats core's parseCitations reads, in words an owner can act on. */
export const ACCEPTED_CITATION_FORMATS =
  'inline markers in the text ([1], [1][2], [1, 2], [1-3]) answered by a References section (a heading or label line "References", "Sources", "Citations", "Bibliography" or "Works cited") whose entries carry URLs ("[1] https://…", "1. https://…", "[1]: https://…", "- [title](https://…)", "<https://…>" or a bare URL per line); or numeric link definitions "[1]: https://…" anywhere. Providers\' structured citations (OpenAI url_citation annotations, Anthropic web search citations, Gemini grounding) are turned into this form by the arena.';

/** The problems of a probe answer that came back (an error is shown on its own). */
export function probeAnswerProblems(answer: Pick<AgentAnswer, "text" | "error">): string[] {
  if (answer.error) return [];
  if (!answer.text.trim()) return ["The answer is empty: an empty answer loses every round it is given in."];
  const c = parseCitations(answer.text);
  const problems: string[] = [];
  if (c.urls.length === 0) {
    problems.push(`The answer has no citation the arena can read: it is judged as uncited. Accepted formats: ${ACCEPTED_CITATION_FORMATS}`);
  } else if (c.inline.length === 0) {
    problems.push(
      `The answer lists sources but no statement cites one: add inline markers such as [1] after the statements they support. Accepted formats: ${ACCEPTED_CITATION_FORMATS}`,
    );
  }
  if (c.unresolved.length) problems.push(`Inline markers with no References entry: ${c.unresolved.map((n) => `[${n}]`).join(", ")}.`);
  return problems;
}
