import type { ChecklistItem } from "@arena/core";
import { entityFound, factFound, withoutUrls } from "@arena/examiner";

/**
 * Ground-truth claims from a round's checklists (docs/method.md §10.3: the rubric checklists give the ground
 * truth for claim recall). Every checklist item is one claim. A depth item is atomic (its
 * entity, or an alias, named). A width item's detail that lists several values ("1998, 2004 and
 * 2011", "Paris; Lyon") has one subclaim per value, as LiveDRBench's claims have subclaims
 * (livedrbench.txt §3.2); any other detail is atomic.
 */
export interface GroundClaim {
  kind: "depth" | "width";
  item: ChecklistItem;
  /** Subclaim details; one entry for an atomic claim. */
  parts: string[];
}

export function groundClaims(depth: ChecklistItem[], width: ChecklistItem[]): GroundClaim[] {
  return [
    ...depth.map((item) => ({ kind: "depth" as const, item, parts: [item.item] })),
    ...width.map((item) => ({ kind: "width" as const, item, parts: listParts(item.detail) })),
  ];
}

/** Long details are statements, not lists: only short ones are split. */
const MAX_LIST_WORDS = 16;
/** Also bounds the splitting pattern's work on a detail from an untrusted checklist file. */
const MAX_LIST_CHARS = 300;
/** "March 5, 2001" is one date, not two values. */
const MONTH = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d/i;

export function listParts(detail: string): string[] {
  const text = detail.trim();
  if (text.length > MAX_LIST_CHARS || text.split(/\s+/).length > MAX_LIST_WORDS || MONTH.test(text)) return [text];
  // A comma inside a number (1,250) does not separate values.
  const parts = text
    .split(/\s*;\s*|,(?!\d{3}\b)\s*(?:and\s+|or\s+)?|\s+(?:and|&)\s+/i)
    .map((p) => p.trim().replace(/\.$/, ""))
    .filter(Boolean);
  return parts.length > 1 ? parts : [text];
}

/**
 * How much of a claim a text supports: the fraction of its subclaims found (standard) and whether
 * all are (strict). Names match with aliases after normalisation; numbers within 1 %; dates in
 * any format — the heuristic judge's matching rules (packages/examiner heuristic/judge.ts), so an
 * offline score and an offline verdict agree on what "found" means. Facts are read without the
 * text's URLs, as the judge reads them.
 */
export function claimCoverage(text: string, claim: GroundClaim): { share: number; full: boolean } {
  if (claim.kind === "depth") {
    const found = entityFound(text, claim.item);
    return { share: found ? 1 : 0, full: found };
  }
  // a link's address is not the answer stating a fact ("…/restoration-of-1906/" is no date)
  text = withoutUrls(text);
  const alternatives = [claim.item.detail, ...(claim.item.aliases ?? [])];
  if (claim.parts.length === 1) {
    const found = alternatives.some((detail) => factFound(text, { ...claim.item, detail }));
    return { share: found ? 1 : 0, full: found };
  }
  const hits = claim.parts.filter((detail) => factFound(text, { ...claim.item, detail })).length;
  return { share: hits / claim.parts.length, full: hits === claim.parts.length };
}
