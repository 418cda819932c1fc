import { DataTable, type DataColumn } from "@/components/data-table";
import type { Estimate } from "./rows";

/** The estimate as a small table: calls, USD and time, each with what it rests on. */
export function EstimateTable({ e, continuous }: { e: Estimate; continuous: boolean }) {
  const calls = Math.round(e.runsPerAgent * e.agents);
  const usd = `$${e.knownCostUsd.toFixed(2)}${e.unpriced.length ? ` + unknown for ${e.unpriced.length} unpriced agent${e.unpriced.length === 1 ? "" : "s"}` : ""}`;
  const rows = [
    {
      id: "calls",
      what: "Agent calls",
      value: `about ${calls}`,
      basis: `${e.matches} matches × ${e.roundsPerMatch.toFixed(1)} rounds per match × 2 agents (${continuous ? `the first ${e.rounds} rounds of a continuous tournament: only the caps bound it` : `${e.rounds} rounds`}, ${e.agents} agents)`,
    },
    {
      id: "usd",
      what: "Cost (USD)",
      value: usd,
      basis: e.unpriced.length ? `no priced run yet: ${e.unpriced.join(", ")}` : "each agent's mean cost per research run",
    },
    {
      id: "time",
      what: "Time",
      value: e.timeMs === null ? "unknown" : `about ${duration(e.timeMs)}`,
      basis:
        e.timeMs === null
          ? "no agent has a timed run yet"
          : "rounds × rounds per match × the slowest agent's mean research time (a round's matches run side by side)",
    },
  ];
  const columns: DataColumn<(typeof rows)[number]>[] = [
    { id: "what", header: "Estimate", cell: (r) => r.what },
    { id: "value", header: "Value", numeric: true, cell: (r) => r.value },
    { id: "basis", header: "From", cell: (r) => <span className="text-xs text-zinc-500">{r.basis}</span> },
  ];
  return <DataTable testId="tournament-estimate" caption="Estimate of the tournament" rows={rows} columns={columns} rowKey={(r) => r.id} />;
}

function duration(ms: number): string {
  const minutes = ms / 60_000;
  return minutes < 1
    ? `${Math.max(1, Math.round(ms / 1000))} s`
    : minutes < 90
      ? `${Math.round(minutes)} min`
      : `${(minutes / 60).toFixed(1)} h`;
}
