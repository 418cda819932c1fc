import { readFileSync } from "node:fs";
import { DR_ARENA_TREE_FILES, drArenaTreesDir } from "@arena/dr-arena-trees";

/** The published DR-Arena trees, read in place through the one helper (never copied into the repository). */
export const DR_ARENA_DIR = await drArenaTreesDir();

export const DR_ARENA_FILES = [...DR_ARENA_TREE_FILES];

export function readJson(file: string): unknown {
  return JSON.parse(readFileSync(`${DR_ARENA_DIR}${file}`, "utf8"));
}
