import type { ResearchStats } from "@arena/tournament/read";
import { fmtInt, fmtMs, fmtUsd } from "@/lib/format";

/**
 * Cost and time of research runs (one per agent per stored round): USD from the providers' usage
 * and the price table over the runs with a known cost, tokens, wall time of the answered runs.
 */
export function ResearchCost({ stats, label = "research runs" }: { stats: ResearchStats; label?: string }) {
  if (stats.runs === 0) return <p className="text-sm text-zinc-500">No {label} stored yet.</p>;
  const item = "flex flex-col";
  const dt = "text-xs text-zinc-500 dark:text-zinc-400";
  const dd = "num text-base font-medium";
  return (
    <dl data-testid="research-cost" className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
      <div className={item}>
        <dt className={dt}>{label}</dt>
        <dd className={dd}>
          {fmtInt(stats.runs)} <span className="text-xs font-normal text-zinc-500">({fmtInt(stats.answered)} answered)</span>
        </dd>
      </div>
      <div className={item}>
        <dt className={dt}>cost in all</dt>
        <dd className={dd} data-testid="cost-total">
          {stats.pricedRuns ? fmtUsd(stats.costUsd) : "—"}
        </dd>
      </div>
      <div className={item}>
        <dt className={dt} title="Mean over the runs whose model has a price and whose usage came back">
          cost / run ({fmtInt(stats.pricedRuns)} of {fmtInt(stats.runs)} priced)
        </dt>
        <dd className={dd}>{fmtUsd(stats.meanCostUsd)}</dd>
      </div>
      <div className={item}>
        <dt className={dt}>tokens / run</dt>
        <dd className={dd}>{stats.meanTokens === null ? "—" : fmtInt(stats.meanTokens)}</dd>
      </div>
      <div className={item}>
        <dt className={dt} title="Wall time from the question to the answer, background runs included">
          time / answered run
        </dt>
        <dd className={dd}>{fmtMs(stats.meanLatencyMs)}</dd>
      </div>
    </dl>
  );
}
