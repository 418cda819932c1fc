import { predictedWinProbability } from "@arena/core";
import { describeRating } from "@arena/core/rating-display";
import type { LeaderboardRow, SnapshotAnalysis } from "@arena/tournament/read";

type Agent = { id: string; name: string };
type Pair = SnapshotAnalysis["pairwise"][number];

/** Blue above one half, orange below (Okabe–Ito, readable with colour-vision deficiencies); stronger further from even. */
function winColor(x: number): string {
  const a = Math.min(1, Math.abs(x - 0.5) * 2) * 0.75;
  return x >= 0.5 ? `rgba(0,114,178,${a})` : `rgba(230,159,0,${a})`;
}

/**
 * Agents × agents as a table: row agent's value against the column agent. Real table markup, so
 * screen readers read it cell by cell with both headers; the colour only repeats the number.
 * Not the DataTable: a matrix needs row headers, rotated column headers and coloured cells, and
 * sorting one axis would break the symmetry the reader compares (tests/web/one-table.test.ts).
 */
function Grid({
  agents,
  cell,
  label,
}: {
  agents: Agent[];
  cell: (a: string, b: string) => { text: string; color: string; title: string } | null;
  label: string;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="border-collapse text-xs" aria-label={label}>
        <thead>
          <tr>
            <th scope="col" className="p-1 text-left font-normal text-zinc-500">
              row vs column
            </th>
            {agents.map((b) => (
              <th key={b.id} scope="col" className="h-28 max-w-10 p-1 align-bottom font-medium">
                <span className="inline-block whitespace-nowrap [writing-mode:vertical-rl] rotate-180">{b.name}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {agents.map((a) => (
            <tr key={a.id}>
              <th scope="row" className="whitespace-nowrap p-1 pr-2 text-left font-medium">
                {a.name}
              </th>
              {agents.map((b) => {
                const c = a.id === b.id ? null : cell(a.id, b.id);
                return (
                  <td
                    key={b.id}
                    className="num h-9 w-10 border border-zinc-100 text-center dark:border-zinc-800"
                    style={c ? { backgroundColor: c.color } : undefined}
                    title={c?.title}
                  >
                    {c ? c.text : <span className="text-zinc-300 dark:text-zinc-700">·</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function index(pairs: Pair[]) {
  return new Map(pairs.map((p) => [`${p.a}\u0000${p.b}`, p]));
}

export function WinRateHeatmap({ agents, pairs }: { agents: Agent[]; pairs: Pair[] }) {
  const by = index(pairs);
  const name = new Map(agents.map((a) => [a.id, a.name]));
  return (
    <Grid
      agents={agents}
      label="Match win fraction of the row agent against the column agent"
      cell={(a, b) => {
        const p = by.get(`${a}\u0000${b}`);
        if (!p || p.games === 0) return null;
        const x = (p.wins + p.ties / 2) / p.games;
        return {
          text: x.toFixed(2),
          color: winColor(x),
          title: `${name.get(a)} vs ${name.get(b)}: ${p.wins} won, ${p.ties} tied of ${p.games}`,
        };
      }}
    />
  );
}

export function MatchCountHeatmap({ agents, pairs }: { agents: Agent[]; pairs: Pair[] }) {
  const by = index(pairs);
  const max = Math.max(1, ...pairs.map((p) => p.games));
  const name = new Map(agents.map((a) => [a.id, a.name]));
  return (
    <Grid
      agents={agents}
      label="Rated matches between the row agent and the column agent"
      cell={(a, b) => {
        const p = by.get(`${a}\u0000${b}`);
        if (!p || p.games === 0) return null;
        return {
          text: String(p.games),
          color: `rgba(0,158,115,${0.15 + (0.6 * p.games) / max})`,
          title: `${name.get(a)} and ${name.get(b)}: ${p.games} matches`,
        };
      }}
    />
  );
}

/**
 * What the fitted ratings predict for each pair, beside the observed fractions: the same colours,
 * so a cell that differs from its observed twin shows where the model and the results part. An
 * unbeaten or winless agent's fitted number is no estimate; its cells say so.
 */
export function PredictedHeatmap({ agents, rows }: { agents: Agent[]; rows: LeaderboardRow[] }) {
  const by = new Map(rows.map((r) => [r.agentId, r]));
  return (
    <Grid
      agents={agents}
      label="Predicted probability that the row agent beats the column agent, from the fitted ratings"
      cell={(a, b) => {
        const ra = by.get(a);
        const rb = by.get(b);
        if (!ra || !rb) return null;
        const p = predictedWinProbability(ra.rating, rb.rating);
        const unbounded = ra.unbounded ?? rb.unbounded;
        const text = unbounded ? (p >= 0.5 ? "≈1" : "≈0") : p.toFixed(2);
        // The ratings as every page words them: an unbeaten or winless one by its bound, never the fit's number.
        const ratings = `${describeRating(ra).text} and ${describeRating(rb).text}`;
        const title = unbounded
          ? `${ra.name} vs ${rb.name}: ${text}, from ratings ${ratings}; ${(ra.unbounded ? ra : rb).name} is ${unbounded.side}, so its rating is no estimate`
          : `${ra.name} vs ${rb.name}: predicted ${p.toFixed(3)} from ratings ${ratings}`;
        return { text, color: winColor(p), title };
      }}
    />
  );
}
