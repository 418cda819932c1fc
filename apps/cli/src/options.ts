import { EXAMINER_MODE_INFO, EXAMINER_MODES, type ExaminerModeName } from "@arena/core/closed-sets";
import { z } from "zod";

const kebab = (key: PropertyKey) => String(key).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * Parses a command's options (as commander hands them over) with a zod schema. A bad option
 * fails with one line naming it, e.g. `--k: Too big: expected number to be <=50`.
 */
export function parseOptions<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.message.startsWith("--") || issue.path.length === 0) throw new Error(issue.message);
  throw new Error(`--${issue.path.map(kebab).join(".")}: ${issue.message}`);
}

/** `--examiner heuristic|llm`, the same in every command that takes it. */
export const examinerMode = z.enum(EXAMINER_MODES, { error: `--examiner must be ${EXAMINER_MODES.join(" or ")}` });

/** The mode a command runs without `--examiner`: the offline stand-in, so nothing needs a model. */
export const DEFAULT_EXAMINER: ExaminerModeName = "heuristic";

/** `--examiner`'s help, the default first: "heuristic | llm". */
export const EXAMINER_MODES_HELP = [DEFAULT_EXAMINER, ...EXAMINER_MODES.filter((m) => m !== DEFAULT_EXAMINER)].join(" | ");

/**
 * What a line about results judged in `mode` adds after naming the examiner: nothing for the
 * method itself; for a stand-in, that it is not the method (and whether it runs offline), e.g.
 * " (offline stand-in, not the LLM method)" with the noun "stand-in".
 */
export function standInCaveat(mode: ExaminerModeName, noun?: string): string {
  const info = EXAMINER_MODE_INFO[mode];
  if (!info.standIn) return "";
  const what = [info.offline ? "offline" : "", noun ?? ""].filter(Boolean).join(" ");
  return ` (${what ? `${what}, ` : ""}not the LLM method)`;
}
