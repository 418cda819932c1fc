import type { AgentRequest } from "@arena/core";

/** The answer format every protocol asks for (docs/method.md §11); the judge counts References entries. */
export const ANSWER_FORMAT_INSTRUCTIONS = [
  "You are a deep research assistant. Research the question and answer it accurately.",
  "Write the answer in Markdown. Support each factual claim with inline numeric citations such as [1] or [2][3].",
  "End with a `## References` section listing every cited source as `[n] URL`, one per line, numbered as cited.",
  "Follow the answer-length instruction given with the question.",
].join("\n");

/** The current question with its word-limit instruction, as the user turn carries it. */
function questionTurn(req: AgentRequest): string {
  return `${req.question}\n\n${req.wordLimitInstruction}`;
}

export type Turn = { role: "user" | "assistant"; content: string };
type ChatMessage = { role: "system"; content: string } | Turn;

/** Previous Q/A of this match as user/assistant pairs, then the question (providers that take the system prompt apart). */
export function conversation(req: AgentRequest): Turn[] {
  return [
    ...req.history.flatMap((t): Turn[] => [
      { role: "user", content: t.question },
      { role: "assistant", content: t.answer },
    ]),
    { role: "user", content: questionTurn(req) },
  ];
}

/** System prompt, then previous Q/A of this match as user/assistant pairs, then the question. */
export function chatMessages(req: AgentRequest): ChatMessage[] {
  return [{ role: "system", content: ANSWER_FORMAT_INSTRUCTIONS }, ...conversation(req)];
}
