import Link from "next/link";
import type { Scoreboard } from "@arena/scoring/read";
import { Empty, TableScroll, link, row, td, tdNum, th, thNum } from "@/components/ui";
import { fmtNum, fmtPct, fmtRating } from "@/lib/format";
import { fmtSpread, intervalTitle, rating } from "@/features/leaderboard/intervals";
import { weaklyDetermined } from "@/features/leaderboard/score-notes";

const COEFFICIENTS: Record<string, string> = {
  length: "answer length (words)",
  citations: "citations listed",
  supported_share: "supported-citation share",
  markdown_density: "Markdown density (headings, list items, bold per 100 words)",
};

/**
 * Coefficients as a forest plot: a dot per estimate and a whisker per 95 % interval on one
 * shared axis through zero (a whisker that crosses zero: no evidence the judge rewards it).
 */
function Forest({ coefficients }: { coefficients: Scoreboard["controlled"]["coefficients"] }) {
  const reach = Math.max(0.5, ...coefficients.flatMap((c) => [Math.abs(c.lower), Math.abs(c.upper), Math.abs(c.value)]));
  const W = 520;
  const left = 190;
  const plot = W - left - 20;
  const rowH = 28;
  const H = coefficients.length * rowH + 44;
  const x = (v: number) => left + ((v + reach) / (2 * reach)) * plot;
  const ticks = [-reach, -reach / 2, 0, reach / 2, reach];
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="w-full max-w-[560px]" role="img" aria-label="Fitted coefficients with 95 % intervals">
      <line x1={x(0)} x2={x(0)} y1={4} y2={H - 36} stroke="currentColor" strokeOpacity={0.35} strokeDasharray="3 3" />
      {coefficients.map((c, i) => {
        const y = 16 + i * rowH;
        return (
          <g key={c.name}>
            <text x={left - 8} y={y + 4} textAnchor="end" fontSize={11} fill="currentColor">
              {c.name}
            </text>
            <line x1={x(c.lower)} x2={x(c.upper)} y1={y} y2={y} stroke="#0072B2" strokeWidth={2} />
            <line x1={x(c.lower)} x2={x(c.lower)} y1={y - 5} y2={y + 5} stroke="#0072B2" strokeWidth={2} />
            <line x1={x(c.upper)} x2={x(c.upper)} y1={y - 5} y2={y + 5} stroke="#0072B2" strokeWidth={2} />
            <circle cx={x(c.value)} cy={y} r={4} fill="#D55E00" />
          </g>
        );
      })}
      {ticks.map((t) => (
        <text key={t} x={x(t)} y={H - 22} textAnchor="middle" fontSize={10} fill="currentColor" fillOpacity={0.7}>
          {fmtNum(t, 2)}
        </text>
      ))}
      <text x={left + plot / 2} y={H - 4} textAnchor="middle" fontSize={10} fill="currentColor" fillOpacity={0.7}>
        coefficient (log-odds of winning per unit of covariate difference)
      </text>
    </svg>
  );
}

/** The controlled ratings, their fitted coefficients with intervals, and RACE's agreement with the verdicts. */
export function ControlledPanel({ scores }: { scores: Scoreboard }) {
  const c = scores.controlled;
  const race = scores.raceAgreement;
  return (
    <div className="space-y-4" data-testid="controlled-panel">
      {c.battles === 0 ? (
        <Empty title="No scored rated match yet.">
          The controlled fit needs finished matches whose answers were scored; the scoring worker scores each round after its match ends.
        </Empty>
      ) : (
        <>
          <figure className="min-w-0 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800" data-testid="chart-coefficients">
            <h3 className="text-sm font-semibold">Fitted style and citation coefficients</h3>
            <figcaption className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">
              P(A wins) = σ(θ_A − θ_B + βᵀx), x = A&apos;s feature minus B&apos;s (counts as (a − b)/(a + b), shares as a − b), fitted on {c.battles} rated
              matches; dot = estimate, whisker = 95 % bootstrap interval over matches. A positive β means the examiner rewards more of that
              feature with the agents held equal.
              {weaklyDetermined(c) ? ` Preliminary: ${c.battles} matches for ${c.ratings.length + c.coefficients.length} parameters leave the fit weakly determined.` : ""}
            </figcaption>
            <Forest coefficients={c.coefficients} />
            <TableScroll>
              <table className="mt-2 w-full min-w-[480px] border-collapse text-sm" data-testid="coefficients-table">
                <thead>
                  <tr>
                    <th scope="col" className={th}>Covariate</th>
                    <th scope="col" className={thNum}>Coefficient</th>
                    <th scope="col" className={thNum}>95 % interval</th>
                  </tr>
                </thead>
                <tbody>
                  {c.coefficients.map((k) => (
                    <tr key={k.name} className={row} data-coefficient={k.name}>
                      <td className={td}>
                        {k.name} <span className="text-xs text-zinc-500">{COEFFICIENTS[k.name] ?? ""}</span>
                      </td>
                      <td className={tdNum}>{fmtNum(k.value, 3)}</td>
                      <td className={tdNum}>{k.upper - k.lower > 0 ? `${fmtNum(k.lower, 3)} to ${fmtNum(k.upper, 3)}` : <span title={intervalTitle(k.lower, k.upper, (x) => fmtNum(x, 3))}>—</span>}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </figure>

          <TableScroll>
            <table className="w-full min-w-[560px] border-collapse text-sm" data-testid="controlled-table">
              <caption className="mb-1 text-left text-xs text-zinc-500 dark:text-zinc-400">
                Plain and controlled Bradley–Terry ratings on the same {c.battles} matches; Δ rank = plain rank − controlled rank.
              </caption>
              <thead>
                <tr>
                  <th scope="col" className={th}>Agent</th>
                  <th scope="col" className={thNum}>Plain</th>
                  <th scope="col" className={thNum}>Rank</th>
                  <th scope="col" className={thNum}>Controlled (95 % CI)</th>
                  <th scope="col" className={thNum}>Rank</th>
                  <th scope="col" className={thNum}>Δ rank</th>
                </tr>
              </thead>
              <tbody>
                {c.ratings.map((r) => (
                  <tr key={r.agentId} className={row}>
                    <td className={td}>
                      <Link href={`/agents/${r.agentId}`} className={link}>
                        {r.name}
                      </Link>
                    </td>
                    <td className={tdNum}>{fmtRating(r.plainRating)}</td>
                    <td className={tdNum}>{r.plainRank}</td>
                    <td className={tdNum}>
                      {fmtRating(r.rating)}{" "}
                      <span className="text-xs text-zinc-500" title={intervalTitle(r.lower, r.upper, rating)}>
                        {fmtSpread(r.rating, r.lower, r.upper, rating)}
                      </span>
                    </td>
                    <td className={tdNum}>{r.rank}</td>
                    <td className={tdNum}>{r.rankChange > 0 ? `▲${r.rankChange}` : r.rankChange < 0 ? `▼${-r.rankChange}` : "0"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
      <p className="text-sm" data-testid="race-agreement">
        <strong>RACE agreement with the verdicts:</strong>{" "}
        {race.rate === null
          ? "no round has both a RACE side and a decided verdict yet (RACE is scored in llm mode only)."
          : `${fmtPct(race.rate)} (${race.agree} of ${race.rounds} rounds where RACE favoured a side and the examiner named a winner). Each round's RACE share and verdict are on its match page.`}
      </p>
    </div>
  );
}
