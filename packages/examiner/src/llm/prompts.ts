import { readFileSync } from "node:fs";
import type { ChecklistItem, ContextNode, TaskContext } from "@arena/core";
import type { JudgeInput } from "../types";

/**
 * Versioned prompt templates (`prompts/<version>/<name>.md`), split into chat messages by
 * `<!-- role: system -->` / `<!-- role: user -->` markers, with `{{placeholders}}` filled in one
 * pass (so placeholder-like text inside answers is never expanded). A placeholder without a value,
 * or a value without a placeholder, is a template bug and throws.
 */
export type ChatMessage = { role: "system" | "user" | "assistant"; content: string };
export type TemplateName = "generate" | "judge";

const SECTION = /<!--\s*role:\s*(system|user)\s*-->([\s\S]*?)(?=<!--\s*role:|$)/g;
const templates = new Map<string, string>();

function loadTemplate(version: string, name: TemplateName): string {
  const key = `${version}/${name}`;
  let text = templates.get(key);
  if (text === undefined) {
    text = readFileSync(new URL(`../../prompts/${version}/${name}.md`, import.meta.url), "utf8");
    templates.set(key, text);
  }
  return text;
}

export function renderTemplate(version: string, name: TemplateName, vars: Record<string, string | number>): ChatMessage[] {
  // Split before filling, so role markers inside filled-in text (e.g. an agent's answer) stay text.
  const sections = [...loadTemplate(version, name).matchAll(SECTION)];
  if (sections.length === 0) throw new Error(`prompt ${version}/${name}: no role sections`);
  const used = new Set<string>();
  const messages = sections.map((m) => ({
    role: m[1] as ChatMessage["role"],
    content: m[2]!.trim().replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
      const value = vars[key];
      if (value === undefined) throw new Error(`prompt ${version}/${name}: no value for {{${key}}}`);
      used.add(key);
      return String(value);
    }),
  }));
  const unused = Object.keys(vars).filter((k) => !used.has(k));
  if (unused.length) throw new Error(`prompt ${version}/${name}: unused values ${unused.join(", ")}`);
  return messages;
}

function renderNode(tag: string, n: ContextNode): string {
  return [
    `[${tag}] ${n.title}`,
    `URL: ${n.url}`,
    n.relationship ? `Relationship to its parent page: ${n.relationship}` : null,
    n.surroundingText ? `Link context on the parent page: "${n.surroundingText}"` : null,
    n.description ? `Description: ${n.description}` : null,
    `Content (first 800 characters): ${n.content || "(none)"}`,
  ]
    .filter((l): l is string => l !== null)
    .join("\n");
}

export function generateMessages(version: string, ctx: TaskContext, wordLimitInstruction: string): ChatMessage[] {
  return renderTemplate(version, "generate", {
    root_topic: ctx.rootTopic,
    reasoning_chain: ctx.reasoningChain.map((n, i) => renderNode(`C${i + 1}`, n)).join("\n\n") || "(none)",
    aggregation_pool: ctx.aggregationPool.map((n, i) => renderNode(`P${i + 1}`, n)).join("\n\n"),
    previous_questions: ctx.previousQuestions.length ? ctx.previousQuestions.map((q, i) => `${i + 1}. ${q}`).join("\n") : "(none)",
    depth: ctx.depth,
    width: ctx.width,
    pool_size: ctx.aggregationPool.length,
    word_limit_instruction: wordLimitInstruction,
  });
}

function renderChecklist(items: ChecklistItem[]): string {
  if (items.length === 0) return "(none)";
  return items
    .map((it) => {
      const aliases = it.aliases?.length ? ` (also accepted: ${it.aliases.join(", ")})` : "";
      return `- ${it.item}${aliases}: ${it.detail} [source: ${it.sourceUrl}]`;
    })
    .join("\n");
}

export function judgeMessages(version: string, input: JudgeInput): ChatMessage[] {
  return renderTemplate(version, "judge", {
    question: input.question,
    word_limit_instruction: input.wordLimitInstruction,
    checklist_depth: renderChecklist(input.checklistDepth),
    checklist_width: renderChecklist(input.checklistWidth),
    answer_a: input.answerA.trim() || "(no answer)",
    answer_b: input.answerB.trim() || "(no answer)",
    citations_a: input.citationsA,
    citations_b: input.citationsB,
  });
}
