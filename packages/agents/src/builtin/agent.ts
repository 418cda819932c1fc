import type { AgentAnswer, AgentRequest } from "@arena/core";
import { answerOf, classifyError, failedAnswer } from "../answer";
import type { BuiltinConfig } from "../config";
import type { AgentClient, AnswerContext } from "../types";
import { extractiveAnswer, researcherAnswer, type SandboxApi } from "./research";

/** Names and settings of the built-in agents `ensureBuiltinAgents` registers. */
export const BUILTIN_AGENTS = [
  { name: "builtin:extractive", strategy: "extractive" },
  { name: "builtin:researcher", strategy: "researcher" },
] as const;

/**
 * A built-in agent researching through the sandbox search. Its answers depend only on the
 * question and the sandbox contents (no randomness), so the seed is not needed.
 */
export function builtinAgent(name: string, config: BuiltinConfig, api: SandboxApi): AgentClient {
  const strategy = config.strategy === "researcher" ? researcherAnswer : extractiveAnswer;
  return {
    name,
    async answer(req: AgentRequest, ctx: AnswerContext): Promise<AgentAnswer> {
      const started = performance.now();
      const timeout = AbortSignal.timeout(config.timeoutMs);
      const signal = ctx.signal ? AbortSignal.any([ctx.signal, timeout]) : timeout;
      try {
        const text = await strategy(api, req, signal);
        return answerOf(text, started, { tokens: null, costUsd: 0 });
      } catch (err) {
        return failedAnswer(classifyError(err), started);
      }
    },
  };
}
