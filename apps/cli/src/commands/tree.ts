import { stat, writeFile } from "node:fs/promises";
import { Option, type Command } from "commander";
import type { TreeSummary } from "@arena/trees";

/**
 * `arena tree import | export | list | show` over the DR-Arena JSON format. `tree crawl` is
 * registered by tree-crawl.ts on the same `tree` command (whichever module runs first creates it).
 */
export function treeCommand(program: Command): Command {
  return program.commands.find((c) => c.name() === "tree") ?? program.command("tree").description("information trees");
}

/** Page text as the terminal gets it: trees stored before extraction cleaned titles may hold escape sequences. */
async function shower(): Promise<(text: string) => string> {
  const { MAX_TITLE_CHARS, pageLabel } = await import("@arena/core/text");
  return (text) => pageLabel(text, MAX_TITLE_CHARS).replace(/\s+/g, " ");
}

async function printSummaries(rows: TreeSummary[], json: boolean | undefined): Promise<void> {
  if (json) return console.log(JSON.stringify(rows, null, 2));
  if (!rows.length) return console.log("no trees");
  const shown = await shower();
  for (const t of rows) {
    console.log(`${t.id}  ${String(t.nodes).padStart(5)} nodes  depth ${t.maxDepth}  ${shown(t.title ?? t.rootUrl)}`);
  }
}

export function register(program: Command): void {
  const tree = treeCommand(program);

  tree
    .command("import <path>")
    .description("import a DR-Arena tree JSON file, or every *.json of a directory (summary.json gives topics)")
    .option("--json", "print the imported trees as JSON")
    .addOption(
      new Option(
        "--on-duplicate <what>",
        "a file whose root URL and content are stored already: add another copy, keep the stored one, or replace it (the stored one is retired)",
      )
        .choices(["add", "keep", "replace"])
        .default("add"),
    )
    .action(async (path: string, opts: { json?: boolean; onDuplicate: "add" | "keep" | "replace" }) => {
      const isDir = (await stat(path)).isDirectory();
      const [{ prisma }, { importTreeDir, importTreeFile }] = await Promise.all([import("@arena/db"), import("@arena/trees/store")]);
      const rows = isDir
        ? await importTreeDir(prisma(), path, {
            onDuplicate: opts.onDuplicate,
            onProgress: (done, total, file, t) => console.error(`[${done}/${total}] ${file}: ${t.nodes} nodes`),
          })
        : [await importTreeFile(prisma(), path, { onDuplicate: opts.onDuplicate })];
      await printSummaries(rows, opts.json);
    });

  tree
    .command("export <id>")
    .description("write a stored tree as DR-Arena JSON (stdout by default)")
    .option("--out <file>", "write to this file instead of stdout")
    .action(async (id: string, opts: { out?: string }) => {
      const [{ prisma }, { exportTree }] = await Promise.all([import("@arena/db"), import("@arena/trees/store")]);
      const text = JSON.stringify(await exportTree(prisma(), id), null, 2);
      if (opts.out) await writeFile(opts.out, text);
      else process.stdout.write(`${text}\n`);
    });

  tree
    .command("list")
    .description("list stored trees")
    .option("--json", "machine-readable output")
    .action(async (opts: { json?: boolean }) => {
      const [{ createSqlPool }, { listTrees }] = await Promise.all([import("@arena/db/pool"), import("@arena/trees/list")]);
      const pool = createSqlPool();
      try {
        await printSummaries(await listTrees(pool), opts.json);
      } finally {
        await pool.end();
      }
    });

  tree
    .command("retire <id>")
    .description("retire a tree: new matches no longer use it; it is never deleted, so its matches stay")
    .action(async (id: string) => {
      const [{ prisma }, { retireTree }] = await Promise.all([import("@arena/db"), import("@arena/trees/store")]);
      const r = await retireTree(prisma(), id);
      console.log(
        `tree ${r.id} retired at ${r.retiredAt.slice(0, 19).replace("T", " ")} UTC: new matches skip it; its ${r.matches} matches stay`,
      );
    });

  tree
    .command("show <id>")
    .description("outline of a stored tree: indentation by depth, title, content size")
    .action(async (id: string) => {
      const [{ prisma }, { showTree }, shown] = await Promise.all([import("@arena/db"), import("@arena/trees/store"), shower()]);
      const outline = await showTree(prisma(), id);
      console.log(`${shown(outline.title ?? outline.rootUrl)}  [${outline.source}${outline.topic ? `; ${shown(outline.topic)}` : ""}]`);
      for (const row of outline.rows) {
        const label = shown(row.title || row.url);
        const size = row.error ? `error: ${shown(row.error)}` : `${row.contentChars} chars`;
        const rel = row.relationship ? ` <${shown(row.relationship)}>` : "";
        console.log(`${"  ".repeat(row.depth)}${label}  (${size})${rel}`);
      }
    });
}
