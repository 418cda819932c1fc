import type { Scoreboard } from "@arena/scoring/read";
import { Empty } from "@/components/ui";
import { fmtNum, fmtPct } from "@/lib/format";
import { weaklyDetermined } from "@/features/leaderboard/score-notes";
import { ControlledRatingsTable, CoefficientsTable } from "./controlled-tables";

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
              P(A wins) = σ(θ_A − θ_B + βᵀx), x = A&apos;s feature minus B&apos;s (counts as (a − b)/(a + b), shares as a − b), fitted on{" "}
              {c.battles} rated matches; dot = estimate, whisker = 95 % bootstrap interval over matches. A positive β means the examiner
              rewards more of that feature with the agents held equal.
              {weaklyDetermined(c)
                ? ` Preliminary: ${c.battles} matches for ${c.ratings.length + c.coefficients.length} parameters leave the fit weakly determined.`
                : ""}
            </figcaption>
            <Forest coefficients={c.coefficients} />
            <CoefficientsTable coefficients={c.coefficients} />
          </figure>

          <div>
            <p className="mb-1 text-xs text-zinc-500 dark:text-zinc-400">
              Plain and controlled Bradley–Terry ratings on the same {c.battles} matches; Δ rank = plain rank − controlled rank.
            </p>
            <ControlledRatingsTable ratings={c.ratings} />
          </div>
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
