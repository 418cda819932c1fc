import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The published DR-Arena trees, read in place (never copied into the repository). */
export const DR_ARENA_DIR = fileURLToPath(new URL("../../../../shared/data/dr-arena-trees/", import.meta.url));

export const DR_ARENA_FILES = readdirSync(DR_ARENA_DIR)
  .filter((f) => /^tree_\d+\.json$/.test(f))
  .sort();

export function readJson(file: string): unknown {
  return JSON.parse(readFileSync(`${DR_ARENA_DIR}${file}`, "utf8"));
}

