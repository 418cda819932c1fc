import type { AgentAnswer, AgentRequest, ChecklistItem } from "@arena/core";
import { answerOf, failedAnswer } from "../answer";
import type { SimulatedConfig } from "../config";
import { unitHash } from "../unit-hash";
import type { AgentClient, AnswerContext, Oracle } from "../types";

/**
 * An agent with planted skill (docs/method.md §12): for each depth item it names the right entity with
 * probability `p_depth`, else a made-up but plausible one; for each width item it states the fact
 * with probability `p_width`, else omits it or (when the fact has a number) states a wrong number.
 * Every draw hashes (seed, agent, round, question, item), round = history length, so the same
 * match replays identically. Without an oracle it answers nothing useful (a real answer needs one).
 */
export function simulatedAgent(name: string, config: SimulatedConfig): AgentClient {
  return {
    name,
    async answer(req: AgentRequest, ctx: AnswerContext): Promise<AgentAnswer> {
      const started = performance.now();
      if (config.latency_ms) {
        const slept = await sleep(config.latency_ms, ctx.signal);
        if (!slept) return failedAnswer({ class: "timeout", detail: "aborted by the caller" }, started);
      }
      const text = simulatedText(name, config, req, ctx);
      return answerOf(text, started, { tokens: null, costUsd: null });
    },
  };
}

/** The answer text a simulated agent gives; exported for benchmarks and tests. */
export function simulatedText(name: string, config: SimulatedConfig, req: AgentRequest, ctx: AnswerContext): string {
  const oracle: Oracle = ctx.oracle ?? { checklistDepth: [], checklistWidth: [], sourceUrls: [] };
  const draw = (...parts: Array<string | number>) => unitHash(ctx.seed, name, req.history.length, req.question, ...parts);
  const refs = new References();
  const fallbackUrl = oracle.sourceUrls[0] ?? null;
  const allItems = [...oracle.checklistDepth, ...oracle.checklistWidth];

  const entityLines = oracle.checklistDepth.map((item, i) => {
    // Only the name: a depth item's detail is the examiner's identifying logic, which for heuristic
    // tasks quotes page sentences holding the width facts (writing it would leak p_depth into width).
    if (draw("depth", i) < config.p_depth) return `- **${item.item}**${refs.cite(item.sourceUrl || fallbackUrl)}`;
    // A wrong entity cites no page: citing the target's page would be a right answer in disguise.
    return `- **${wrongEntity(allItems, (k) => draw("depth-wrong", i, k))}**: this is the entity the question describes`;
  });
  const factLines = oracle.checklistWidth.flatMap((item, i) => {
    // cite only lines that are written, so an omitted fact adds no References entry
    const line = (value: string) => `- **${item.item}**: ${value}${refs.cite(item.sourceUrl || fallbackUrl)}`;
    if (draw("width", i) < config.p_width) return [line(item.detail)];
    const wrong = wrongNumbers(item.detail, (k) => draw("width-wrong", i, k));
    return wrong && draw("width-mode", i) < 0.5 ? [line(wrong)] : [];
  });

  const parts = ["Based on the sources consulted, here is what the question asks for."];
  if (entityLines.length) parts.push("## Identified entities", entityLines.join("\n"));
  if (factLines.length) parts.push("## Requested details", factLines.join("\n"));
  if (!entityLines.length && !factLines.length) parts.push("The sources consulted did not settle the question.");
  parts.push(refs.section());
  return parts.filter(Boolean).join("\n\n");
}

/** Numbers citations in first-use order and writes the References section. */
class References {
  private readonly urls: string[] = [];
  cite(url: string | null): string {
    if (!url) return "";
    let n = this.urls.indexOf(url) + 1;
    if (!n) n = this.urls.push(url);
    return ` [${n}]`;
  }
  section(): string {
    return this.urls.length ? `## References\n${this.urls.map((u, i) => `[${i + 1}] ${u}`).join("\n")}` : "";
  }
}

const NAME_HEADS = ["Northbridge", "Halvorsen", "Corvane", "Ashmere", "Meridian", "Elstow", "Brantley", "Kestrel", "Varden", "Oakhurst"];
const NAME_TAILS = ["Institute", "Foundation", "Programme", "Society", "Council", "Collective", "Method", "Project", "Academy", "Series"];

/**
 * A made-up entity name that matches no checklist item (so a wrong answer never satisfies another
 * item by accident). Ten tries cover any realistic clash; the last resort is still a fixed fake.
 */
function wrongEntity(items: ChecklistItem[], draw: (k: number) => number): string {
  const taken = items.flatMap((it) => [it.item, ...(it.aliases ?? [])]).map((s) => s.toLowerCase());
  for (let k = 0; k < 10; k++) {
    const name = `${pickOf(NAME_HEADS, draw(2 * k))} ${pickOf(NAME_TAILS, draw(2 * k + 1))}`;
    const lower = name.toLowerCase();
    if (!taken.some((t) => t && (lower.includes(t) || t.includes(lower)))) return name;
  }
  return "Unnamed Alternative Entity";
}

const pickOf = <T>(xs: readonly T[], u: number): T => xs[Math.floor(u * xs.length)]!;

/**
 * The fact with every number changed by 10–100 % (at least 1): a hallucinated figure the judge's
 * 1 % tolerance must not accept, as adding a few units to a large count would be.
 */
function wrongNumbers(detail: string, draw: (k: number) => number): string | null {
  let k = 0;
  const changed = detail.replace(/\d+/g, (digits) => {
    const n = Number(digits);
    return String(Math.max(n + 1, Math.round(n * (1.1 + 0.9 * draw(k++)))));
  });
  return k ? changed : null;
}

function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const timer = setTimeout(() => resolve(true), ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve(false);
      },
      { once: true },
    );
  });
}
