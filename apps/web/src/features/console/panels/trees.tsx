"use client";
import { useState } from "react";
import { buttonClass, inputClass } from "../../account/client";
import { importedTreeSchema } from "@arena/trees/read";
import { DataTable, type DataColumn } from "@/components/data-table";
import type { CrawlRow, TreeRow } from "./rows";
import { Field, Note, useAction, useList } from "./shared";

export function TreesPanel() {
  const [rows, load, loaded] = useList<TreeRow>("trees", 3000);
  const [crawls] = useList<CrawlRow>("crawls", 1000);
  const { note, setNote, act } = useAction(load);
  // A re-upload waits here for the operator's choice: keep the stored tree, or replace it.
  const [duplicate, setDuplicate] = useState<{ file: string; text: string; message: string } | null>(null);
  const send1 = async (file: string, text: string, onDuplicate: "ask" | "keep" | "replace") => {
    const r = await act("POST", "trees", { file, text, onDuplicate });
    if (r.status === 409) {
      // The choice box says it; the note below would repeat it as a failure.
      setNote(null);
      return setDuplicate({ file, text, message: r.error ?? "This tree is stored already." });
    }
    setDuplicate(null);
    // The import error starts with the file name; the sentence names the file once.
    if (!r.ok) return setNote(`${file} was not imported. ${(r.error ?? `The server answered ${r.status}.`).replace(`${file}: `, "")}`);
    const t = importedTreeSchema.parse(r.data);
    const how =
      onDuplicate === "keep" ? "The stored copy is kept" : onDuplicate === "replace" ? "Imported; the stored copy is retired" : "Imported";
    setNote(`${how}: ${file}, “${t.title ?? t.rootUrl}”, ${t.nodes} nodes.`);
  };
  const upload = async (files: FileList) => {
    for (const file of Array.from(files)) await send1(file.name, await file.text(), "ask");
  };
  const treeColumns: DataColumn<TreeRow>[] = [
    {
      id: "title",
      header: "Tree",
      sortValue: (t) => (t.title ?? t.rootUrl).toLowerCase(),
      cell: (t) => (
        <a href={`/trees/${t.id}`} className="text-sky-700 hover:underline dark:text-sky-400">
          {t.title ?? t.rootUrl}
        </a>
      ),
    },
    { id: "nodes", header: "Nodes", numeric: true, sortValue: (t) => t.nodes, cell: (t) => t.nodes },
    { id: "matches", header: "Matches", numeric: true, sortValue: (t) => t.matches, cell: (t) => t.matches },
    {
      id: "state",
      header: "State",
      sortValue: (t) => (t.retiredAt ? 1 : 0),
      cell: (t) =>
        t.retiredAt ? (
          <span title="New matches skip it; its matches stay">retired {t.retiredAt.slice(0, 10)}</span>
        ) : (
          <button type="button" className="underline" onClick={() => void act("POST", `trees/${t.id}/retire`)}>
            Retire
          </button>
        ),
    },
  ];
  return (
    <div className="space-y-4">
      <label className="block text-sm">
        Upload DR-Arena tree JSON files (20 MB and 64 levels at most){" "}
        <input
          type="file"
          accept=".json,application/json"
          multiple
          aria-label="tree files"
          onChange={(e) => e.target.files && void upload(e.target.files)}
        />
      </label>
      {duplicate ? (
        <div
          role="alert"
          data-testid="tree-duplicate"
          className="rounded-md border border-amber-500 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <p>
            {duplicate.file}: {duplicate.message}
          </p>
          <div className="mt-2 flex gap-3">
            <button type="button" className={buttonClass} onClick={() => void send1(duplicate.file, duplicate.text, "keep")}>
              Keep the stored one
            </button>
            <button type="button" className={buttonClass} onClick={() => void send1(duplicate.file, duplicate.text, "replace")}>
              Replace it
            </button>
          </div>
        </div>
      ) : null}
      <Note note={note} />
      <h2 className="font-semibold">Crawl from a hub page</h2>
      <form
        className="flex max-w-2xl flex-wrap items-end gap-2 text-sm"
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          void act("POST", "crawls", {
            rootUrl: String(f.get("rootUrl")),
            maxDepth: Number(f.get("maxDepth")),
            fanOut: Number(f.get("fanOut")),
          });
        }}
      >
        <Field label="Root URL">
          <input name="rootUrl" required placeholder="https://hub.example.org/" className={inputClass} />
        </Field>
        <Field label="Depth">
          <input name="maxDepth" type="number" min={0} max={8} defaultValue={2} className="w-16 rounded border px-1" />
        </Field>
        <Field label="Fan-out">
          <input name="fanOut" type="number" min={1} max={50} defaultValue={5} className="w-16 rounded border px-1" />
        </Field>
        <button type="submit" className={buttonClass}>
          Crawl
        </button>
      </form>
      <ul className="text-sm" aria-label="crawl jobs">
        {crawls.map((c) => (
          <li key={c.id}>
            {c.rootUrl} · {c.status} · {c.pagesDone} pages, {c.pagesFailed} failed{c.error ? ` · ${c.error}` : ""}{" "}
            {(c.status === "queued" || c.status === "running") && (
              <button type="button" className="underline" onClick={() => void act("POST", `crawls/${c.id}/cancel`)}>
                Cancel
              </button>
            )}
          </li>
        ))}
      </ul>
      <h2 className="font-semibold">Synthetic world</h2>
      <form
        className="flex max-w-xl items-end gap-2 text-sm"
        onSubmit={(e) => {
          e.preventDefault();
          void act("POST", "worlds", { seed: String(new FormData(e.currentTarget).get("seed")) });
        }}
      >
        <Field label="World seed">
          <input name="seed" required pattern="[A-Za-z0-9_-]{1,64}" className={inputClass} />
        </Field>
        <button type="submit" className={buttonClass}>
          Generate
        </button>
      </form>
      <h2 className="font-semibold">Stored trees</h2>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        A retired tree plays no new match; it is never deleted, so the matches played on it keep their rounds and ratings.
      </p>
      <DataTable
        testId="console-trees"
        caption="Stored trees"
        rows={rows}
        columns={treeColumns}
        rowKey={(t) => t.id}
        rowProps={(t) => ({ "data-tree": t.id, "data-retired": t.retiredAt ? "true" : "false" })}
        filter={{ label: "Find tree", text: (t) => `${t.title ?? ""} ${t.rootUrl}` }}
        empty={loaded ? undefined : "Loading trees…"}
      />
    </div>
  );
}
