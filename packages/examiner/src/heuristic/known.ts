import type { ChecklistItem, ContextNode, GeneratedTask, KnownEntity, TaskContext } from "@arena/core";
import { revealed, type HiddenTerms } from "../mask";
import { seededOrder, tokens } from "../text";

/**
 * Questions in plain words for trees whose maker knows their entities (the synthetic world): each
 * target is pointed at by a description that does not name it ("the lighthouse in Dymford
 * designed by Grabria Boubrast") and asked for facts by what they are ("when it was first lit",
 * "its tower height in metres"), with the values the pages state as the key. The deepest known
 * chain page sets the scene in the same way, so the question still reads from the chain down.
 * Returns null when a target is not known, or when a description would name a target: the
 * page-text generator then writes the question.
 */
const ASKS_PER_TARGET = 2;
const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];

interface KnownTarget {
  node: ContextNode;
  known: KnownEntity;
}

export function knownTask(ctx: TaskContext, seed: string): GeneratedTask | null {
  const targets: KnownTarget[] = [];
  for (const node of ctx.aggregationPool) {
    if (!node.known) return null;
    // one target per entity, as the page-text generator counts them
    if (!targets.some((t) => t.known.name === node.known!.name)) targets.push({ node, known: node.known });
  }
  if (targets.length === 0 || targets.length > ORDINALS.length) return null;
  const scene = ctx.reasoningChain.findLast((n) => n.known)?.known;
  const asks = targets.map((t, i) => seededOrder(`${seed}:${i}`, t.known.asks, (a) => a.ask).slice(0, ASKS_PER_TARGET));
  const question = compose(targets, asks, scene);
  // names and aliases as phrases: the words a name shares with its kind ("Coast", "Lighthouse") are no name
  const hidden: HiddenTerms = {
    phrases: targets
      .flatMap((t) => [t.known.name, ...t.known.aliases])
      .map(tokens)
      .filter((p) => p.length > 0),
    words: new Set(),
  };
  if (revealed(question, hidden) !== null) return null;
  const checklistDepth: ChecklistItem[] = targets.map((t) => ({
    item: t.known.name,
    detail: `Identified as ${t.known.describe}${scene ? `, within ${scene.describe}` : ""}`,
    sourceUrl: t.node.url,
    aliases: t.known.aliases,
  }));
  const checklistWidth: ChecklistItem[] = targets.flatMap((t, i) =>
    asks[i]!.map((a) => ({ item: `Entity ${i + 1}: ${a.ask}`, detail: a.value, sourceUrl: t.node.url })),
  );
  return {
    question,
    wordLimitInstruction: ctx.wordLimit.instruction,
    checklistDepth,
    checklistWidth,
    rationale:
      `Heuristic examiner (offline, not the LLM method), from the world's own facts. D=${ctx.depth}, W=${ctx.width}. ` +
      `Targets, described without their names: ${targets.map((t) => t.known.name).join("; ")}.`,
    sourceUrls: [...new Set([...ctx.reasoningChain.map((n) => n.url), ...targets.map((t) => t.node.url)])],
    mode: "heuristic",
  };
}

function compose(targets: KnownTarget[], asks: Array<Array<{ ask: string }>>, scene: KnownEntity | undefined): string {
  const list = (xs: string[]) => (xs.length < 2 ? (xs[0] ?? "") : `${xs.slice(0, -1).join(", ")} and ${xs.at(-1)}`);
  const where = scene ? `In ${scene.describe}, identify` : "Identify";
  if (targets.length === 1) {
    return `${where} ${targets[0]!.known.describe}. Name it and give ${list(asks[0]!.map((a) => a.ask))}.`;
  }
  const named = targets.map((t, i) => `(${i + 1}) ${t.known.describe}`);
  const facts = targets.map((_, i) => `for the ${ORDINALS[i]}, give ${list(asks[i]!.map((a) => a.ask))}`);
  const said = facts.join("; ");
  return `${where} these ${targets.length}: ${named.join("; ")}. Name each of them. ${said.charAt(0).toUpperCase()}${said.slice(1)}.`;
}
