import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { SHORT_CONTENT_CHARS, type ChecklistItem, type ContextNode, type TaskContext } from "@arena/core";
import type { JudgeInput, PromptVersion } from "../types";

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

function loadTemplate(version: PromptVersion, name: TemplateName): string {
  const key = `${version}/${name}`;
  let text = templates.get(key);
  if (text === undefined) {
    text = readFileSync(new URL(`../../prompts/${version}/${name}.md`, import.meta.url), "utf8");
    templates.set(key, text);
  }
  return text;
}

export function renderTemplate(version: PromptVersion, name: TemplateName, vars: Record<string, string | number>): ChatMessage[] {
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

function renderNode(tag: string, n: ContextNode, contentChars: number): string {
  return [
    `[${tag}] ${n.title}`,
    `URL: ${n.url}`,
    n.relationship ? `Relationship to its parent page: ${n.relationship}` : null,
    n.surroundingText ? `Link context on the parent page: "${n.surroundingText}"` : null,
    n.description ? `Description: ${n.description}` : null,
    `Content (first ${contentChars} characters): ${n.content.slice(0, contentChars) || "(none)"}`,
  ]
    .filter((l): l is string => l !== null)
    .join("\n");
}

/**
 * The generation messages. Prompt v3 on reads each page's content up to `contentChars` (the
 * reference sends whole pages); v1 and v2 keep the 800 characters their stored configurations
 * were run with.
 */
export function generateMessages(
  version: PromptVersion,
  ctx: TaskContext,
  wordLimitInstruction: string,
  contentChars: number,
): ChatMessage[] {
  const chars = version === "v1" || version === "v2" ? SHORT_CONTENT_CHARS : contentChars;
  return renderTemplate(version, "generate", {
    root_topic: ctx.rootTopic,
    reasoning_chain: ctx.reasoningChain.map((n, i) => renderNode(`C${i + 1}`, n, chars)).join("\n\n") || "(none)",
    aggregation_pool: ctx.aggregationPool.map((n, i) => renderNode(`P${i + 1}`, n, chars)).join("\n\n"),
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

/**
 * A fresh code for one judgement's answer markers: 72 random bits, so an agent cannot guess the
 * marker that would close its answer; drawn again in the (astronomically unlikely) case that an
 * answer already contains it.
 */
export function answerFence(answers: readonly string[]): string {
  for (;;) {
    const fence = randomBytes(9).toString("base64url");
    if (!answers.some((a) => a.includes(fence))) return fence;
  }
}

/**
 * v1 wraps answers in fixed <answer_a>/<answer_b> tags. Its stored configurations keep judging
 * with it, so a tag of that shape inside an answer is defused (its "<" becomes "‹") and cannot
 * close the block.
 */
const defuseV1Tags = (answer: string) => answer.replace(/<(?=\s*\/?\s*answer_[ab]\b)/gi, "‹");

/**
 * The judge's messages. Answers are agent output: from v2 on they sit between BEGIN/END markers
 * carrying a per-call random code (`fence`, from answerFence unless given) that the system
 * message names as the only way to close an answer.
 */
export function judgeMessages(version: PromptVersion, input: JudgeInput, fence?: string): ChatMessage[] {
  const answers = [input.answerA.trim() || "(no answer)", input.answerB.trim() || "(no answer)"] as const;
  const vars = {
    question: input.question,
    word_limit_instruction: input.wordLimitInstruction,
    checklist_depth: renderChecklist(input.checklistDepth),
    checklist_width: renderChecklist(input.checklistWidth),
    citations_a: input.citationsA,
    citations_b: input.citationsB,
  };
  if (version === "v1")
    return renderTemplate(version, "judge", { ...vars, answer_a: defuseV1Tags(answers[0]), answer_b: defuseV1Tags(answers[1]) });
  return renderTemplate(version, "judge", { ...vars, answer_a: answers[0], answer_b: answers[1], fence: fence ?? answerFence(answers) });
}
