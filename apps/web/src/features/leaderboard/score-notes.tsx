import type { Scoreboard } from "@arena/scoring/read";
import { fmtPct } from "@/lib/format";

/** Fewer than five matches per fitted parameter (ratings and coefficients): the fit may sit far from where more data would put it. */
export const weaklyDetermined = (c: Scoreboard["controlled"]) =>
  c.battles > 0 && c.battles < 5 * (c.ratings.length + c.coefficients.length);

/** Which stored computation the columns show: the workers compute them after each snapshot and score change. */
function computedNote(c: Scoreboard["computed"]): string {
  if (!c) return "The workers compute these columns after the scope's first rating snapshot; none is stored yet.";
  const took = c.ms === null ? "" : `, in ${(c.ms / 1000).toFixed(1)} s`;
  return `Computed by a worker with the rating snapshot of ${c.matchesCounted} matches (${c.at.slice(0, 19).replace("T", " ")} UTC${took})${c.stale ? "; the scope has changed since and a newer computation is on its way" : ""}.`;
}

/** What the report-score and controlled columns mean, under the leaderboard table. */
export function ScoreNotes({ scores }: { scores: Scoreboard }) {
  const scored = scores.metrics.some((m) => m.mode !== null);
  const c = scores.controlled;
  return (
    <>
      <p data-testid="score-notes">
        {scored ? (
          <>
            Report scores are means over each agent&apos;s scored answers; the line under each header is the mode that produced them (
            <em>offline</em>: deterministic lexical and numeric matching, which approximates the papers&apos; judge-model metrics;{" "}
            <em>llm</em>: a judge model, as the papers use); offline and llm scores are never mixed. Intervals: {scores.interval}.{" "}
          </>
        ) : (
          <>
            No answer of this scope has report scores yet: the scoring worker adds them after each finished match (unless its tournament
            turned scoring off).{" "}
          </>
        )}
        {scores.raceAgreement.rate !== null
          ? `RACE picks the examiner's winner in ${fmtPct(scores.raceAgreement.rate)} of ${scores.raceAgreement.rounds} decided rounds. `
          : null}
        <span data-testid="scoreboard-computed">{computedNote(scores.computed)}</span>
      </p>
      <p>
        <em>Controlled</em>: a Bradley–Terry fit on the same {c.battles} matches with per-match differences in answer length, citation
        count, supported-citation share and Markdown density as covariates, so the rating is what remains with those held equal (its
        coefficients are on the{" "}
        <a href="/analysis#controlled" className="underline">
          Analysis
        </a>{" "}
        page). <em>Δ rank</em> = plain rank − controlled rank on those matches. An interval shown as — does not exist yet: fewer than two
        matches, where a bootstrap cannot vary; ±0 means every match gave the same value.
        {weaklyDetermined(c) ? (
          <strong data-testid="controlled-preliminary">
            {" "}
            Preliminary: {c.battles} matches for {c.ratings.length + c.coefficients.length} parameters leave the controlled fit weakly
            determined.
          </strong>
        ) : null}
      </p>
    </>
  );
}
