"use client";

import { useMemo, useState } from "react";
import { CartesianGrid, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from "recharts";
import { pearson, spearman } from "@arena/core";
import { DataTable, type DataColumn } from "@/components/data-table";
import { AXIS_LABEL_STYLE, AXIS_TICK, GRID_STROKE, TOOLTIP_STYLE } from "@/lib/chart-style";
import { fmtNum, fmtP } from "@/lib/format";
import { OKABE_ITO } from "@/lib/palette";

/** Pasted or uploaded tables larger than this are refused: a leaderboard is a few hundred lines. */
const MAX_INPUT_CHARS = 200_000;

type Ours = { name: string; rating: number };
type Parsed = { rows: { name: string; score: number }[]; skipped: number };

/** `agent,score` lines; a header line, blank lines and lines without a numeric last field are skipped. Quotes around names are removed. */
export function parseScores(text: string): Parsed {
  const rows: Parsed["rows"] = [];
  let skipped = 0;
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const cut = Math.max(line.lastIndexOf(","), line.lastIndexOf(";"), line.lastIndexOf("\t"));
    const name =
      cut > 0
        ? line
            .slice(0, cut)
            .trim()
            .replace(/^"(.*)"$/, "$1")
            .trim()
        : "";
    const score = cut > 0 ? Number(line.slice(cut + 1).trim()) : NaN;
    if (name && Number.isFinite(score)) rows.push({ name, score });
    else skipped++;
  }
  return { rows, skipped };
}

type Matched = { name: string; external: number; ours: number };

const MATCHED: DataColumn<Matched>[] = [
  { id: "name", header: "Agent", sortValue: (m) => m.name.toLowerCase(), cell: (m) => m.name },
  { id: "external", header: "Their score", numeric: true, sortValue: (m) => m.external, cell: (m) => m.external },
  { id: "ours", header: "Our rating", numeric: true, sortValue: (m) => m.ours, cell: (m) => m.ours },
];

/**
 * The paper's external validation (Table 3): paste another leaderboard and see how our ratings
 * correlate with it. Runs in the browser only; nothing is sent or stored.
 */
export function CorrelationPanel({ ours, scopeLabel }: { ours: Ours[]; scopeLabel: string }) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);

  const result = useMemo(() => {
    const { rows, skipped } = parseScores(text);
    const byName = new Map(ours.map((o) => [o.name.toLowerCase(), o]));
    const matched: Matched[] = [];
    const unmatched: string[] = [];
    const seen = new Set<string>();
    for (const r of rows) {
      const key = r.name.toLowerCase();
      const o = byName.get(key);
      if (!o) unmatched.push(r.name);
      else if (!seen.has(key)) {
        seen.add(key);
        matched.push({ name: o.name, external: r.score, ours: Math.round(o.rating) });
      }
    }
    const x = matched.map((m) => m.external);
    const y = matched.map((m) => m.ours);
    const stats = matched.length >= 3 ? { pearson: pearson(x, y), spearman: spearman(x, y) } : null;
    return { rows, skipped, matched, unmatched, stats };
  }, [text, ours]);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_INPUT_CHARS)
      return setError(`The file is larger than ${MAX_INPUT_CHARS / 1000} KB; a leaderboard CSV is much smaller.`);
    setError(null);
    setText(await file.text());
  };

  return (
    <div className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800" data-testid="correlation-panel">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Paste or upload a CSV of another leaderboard, one <code>agent,score</code> per line. Agents are matched to ours ({scopeLabel}) by
        name, ignoring case. Everything happens in your browser: nothing is uploaded or stored.
      </p>
      <div className="mt-2 grid gap-3 md:grid-cols-2">
        <div>
          <label htmlFor="corr-text" className="text-xs font-medium">
            CSV (agent,score)
          </label>
          <textarea
            id="corr-text"
            value={text}
            onChange={(e) => {
              setError(
                e.target.value.length > MAX_INPUT_CHARS ? "That is more text than a leaderboard; only the first part is used." : null,
              );
              setText(e.target.value.slice(0, MAX_INPUT_CHARS));
            }}
            rows={8}
            spellCheck={false}
            placeholder={`agent,score\n${ours
              .slice(0, 3)
              .map((o, i) => `${o.name},${1200 - i * 40}`)
              .join("\n")}`}
            className="mt-1 w-full rounded border border-zinc-300 bg-transparent p-2 font-mono text-xs dark:border-zinc-700"
          />
          <label className="mt-1 block text-xs">
            or upload a file:{" "}
            <input type="file" accept=".csv,text/csv,text/plain" onChange={(e) => void onFile(e.target.files?.[0])} className="text-xs" />
          </label>
          {error ? <p className="mt-1 text-xs text-red-700 dark:text-red-400">{error}</p> : null}
        </div>
        <div className="text-sm" aria-live="polite">
          {result.rows.length === 0 ? (
            <p className="text-zinc-500">No rows yet.</p>
          ) : (
            <>
              <p>
                {result.rows.length} rows read{result.skipped ? `, ${result.skipped} skipped (a header, or no number at the end)` : ""};{" "}
                {result.matched.length} matched to our agents.
              </p>
              {result.stats ? (
                <p className="mt-1 font-medium" data-testid="correlation-result">
                  Pearson r = {fmtNum(result.stats.pearson.r)} (p{" "}
                  {fmtP(Number.isNaN(result.stats.pearson.p) ? null : result.stats.pearson.p)}) · Spearman ρ ={" "}
                  {fmtNum(result.stats.spearman.r)} (p {fmtP(Number.isNaN(result.stats.spearman.p) ? null : result.stats.spearman.p)}) · n ={" "}
                  {result.matched.length}
                </p>
              ) : (
                <p className="mt-1 text-amber-700 dark:text-amber-400">At least 3 matched agents are needed for a correlation.</p>
              )}
              {result.unmatched.length > 0 ? (
                <p className="mt-1 text-xs text-zinc-500">
                  Not found here: {result.unmatched.slice(0, 30).join(", ")}
                  {result.unmatched.length > 30 ? ", …" : ""}
                </p>
              ) : null}
            </>
          )}
        </div>
      </div>
      {result.matched.length > 0 ? (
        <div className="mt-3 text-zinc-600 dark:text-zinc-400">
          <ResponsiveContainer width="100%" height={260}>
            <ScatterChart accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 24, left: 8 }}>
              <CartesianGrid stroke={GRID_STROKE} />
              <XAxis
                type="number"
                dataKey="external"
                name="their score"
                domain={["auto", "auto"]}
                tick={AXIS_TICK}
                label={{ value: "their score", position: "insideBottom", offset: -12, style: AXIS_LABEL_STYLE }}
              />
              <YAxis
                type="number"
                dataKey="ours"
                name="our rating"
                domain={["auto", "auto"]}
                tick={AXIS_TICK}
                width={52}
                label={{ value: "our rating", angle: -90, position: "insideLeft", style: AXIS_LABEL_STYLE }}
              />
              <Tooltip {...TOOLTIP_STYLE} />
              <Scatter data={result.matched} fill={OKABE_ITO[2]} isAnimationActive={false} />
            </ScatterChart>
          </ResponsiveContainer>
          <div className="mt-2">
            <DataTable
              testId="correlation-matched"
              caption="Matched agents"
              rows={result.matched}
              columns={MATCHED}
              rowKey={(m) => m.name}
              defaultSort={{ id: "external", desc: true }}
            />
          </div>
        </div>
      ) : null}
    </div>
  );
}
