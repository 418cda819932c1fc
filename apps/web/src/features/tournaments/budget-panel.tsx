import type { TournamentView } from "@arena/tournament/read";
import { fmtUsd } from "@/lib/format";

type Budget = TournamentView["budget"];

/** Spent against a cap as a bar (amber from 80 %, red at the cap). */
function Meter({ spent, cap, label }: { spent: number; cap: number; label: string }) {
  const share = Math.min(1, spent / cap);
  const colour = share >= 1 ? "bg-red-500" : share >= 0.8 ? "bg-amber-500" : "bg-emerald-500";
  return (
    <>
      <meter className="sr-only" min={0} max={cap} value={spent} aria-label={label} />
      <div className="h-2 w-full overflow-hidden rounded-sm bg-zinc-200 dark:bg-zinc-700" aria-hidden="true">
        <span className={`block h-full ${colour}`} style={{ width: `${share * 100}%` }} />
      </div>
    </>
  );
}

/**
 * A tournament's spending against its caps (docs/tournaments.md, Budgets), per agent with the per-agent cap, and why
 * it paused when a cap stopped it. Server-rendered: the page's live refresh updates it as rounds
 * are stored.
 */
export function BudgetPanel({ budget, status }: { budget: Budget; status: TournamentView["status"] }) {
  const { costCapUsd, agentCapUsd, spentUsd, perAgent, pauseReason } = budget;
  return (
    <div className="space-y-3 text-sm" data-testid="budget">
      {status === "paused" && pauseReason ? (
        <p
          role="status"
          className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
        >
          Paused: {pauseReason}. Raise the cap (<code>arena tournament budget</code>) and resume to go on.
        </p>
      ) : null}
      <p>
        <span className="num font-medium" data-testid="budget-spent">
          {fmtUsd(spentUsd)}
        </span>{" "}
        spent
        {costCapUsd === null ? (
          " (no cost cap)"
        ) : (
          <>
            {" "}
            of a <span className="num">{fmtUsd(costCapUsd)}</span> cap
          </>
        )}
        {agentCapUsd === null ? (
          ""
        ) : (
          <>
            ; per-agent cap <span className="num">{fmtUsd(agentCapUsd)}</span>
          </>
        )}
      </p>
      {costCapUsd !== null ? <Meter spent={spentUsd} cap={costCapUsd} label="spent of the cost cap" /> : null}
      {agentCapUsd !== null && perAgent.length > 0 ? (
        <ul className="grid gap-1 sm:grid-cols-2">
          {perAgent.map((a) => (
            <li key={a.agentId} className="grid grid-cols-[8rem_1fr_4rem] items-center gap-2 text-xs">
              <span className="truncate">{a.name}</span>
              <Meter spent={a.costUsd} cap={agentCapUsd} label={`${a.name}: spent of the per-agent cap`} />
              <span className="num text-right">{fmtUsd(a.costUsd)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
