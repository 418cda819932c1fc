import { EXAMINER_MODES } from "@arena/core/closed-sets";
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
