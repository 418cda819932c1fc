import { readFileSync } from "node:fs";
import { memoryTreeView, parseDrArenaTree, type DrArenaNode, type TreeView, type Verdict } from "../src/index";
import { drArenaTreesDir } from "@arena/dr-arena-trees";

export const TREES_DIR = await drArenaTreesDir();

export function loadTree(file: string): TreeView {
  return memoryTreeView(parseDrArenaTree(JSON.parse(readFileSync(`${TREES_DIR}${file}`, "utf8"))));
}

export interface Spec {
  title: string;
  content?: string | null;
  relationship?: string;
  children?: Spec[];
}

/** Builds a DR-Arena node; content defaults to a sentence long enough to count (> 20 chars). */
export function node(spec: Spec, depth = 0, url = "https://t.example/root"): DrArenaNode {
  const children = (spec.children ?? []).map((c, i) => node(c, depth + 1, `${url}/${i}`));
  return {
    url,
    domain: "t.example",
    title: spec.title,
    description: `About ${spec.title}`,
    content: spec.content === undefined ? `${spec.title} is described here in some detail.` : spec.content,
    crawled: true,
    depth,
    error: null,
    relationship_cluster: null,
    link_contexts: children.map((c, i) => ({
      url: c.url,
      anchor_text: c.title ?? "",
      surrounding_text: `see ${c.title}`,
      relationship: spec.children![i]!.relationship ?? "varieties",
    })),
    children,
  };
}

export const tree = (spec: Spec) => memoryTreeView(node(spec));

export const v = (
  verdict: Verdict["verdict"],
  tie_quality: Verdict["tie_quality"] = "N/A",
  loser_failure_type: Verdict["loser_failure_type"] = "NONE",
) => ({
  verdict,
  tie_quality,
  loser_failure_type,
});

/** Appendix D: a topic hub whose top-level pages are leaves, so depth stays 2 without crawling. */
export const handheldTree = () =>
  tree({
    title: "Handheld game console",
    children: ["TurboExpress", "Sega Nomad", "Game Boy", "Atari Lynx", "Game Gear", "Game Boy Pocket", "Neo Geo Pocket"].map((title) => ({
      title,
    })),
  });

/** Appendix D verdicts. Rounds 1 and 3 are "Pressure Test" transitions, i.e. Table 2's BOTH/NONE row. */
export const APPENDIX_D = [
  v("[[A_BETTER]]", "N/A", "NONE"),
  v("[[B_BETTER]]", "N/A", "WIDE"),
  v("[[A_BETTER]]", "N/A", "BOTH"),
  v("[[B_MUCH_BETTER]]", "N/A", "WIDE"),
  v("[[B_MUCH_BETTER]]", "N/A", "DEEP"),
];
