import { readAgentSpanRates } from "@arena/votes/read";
import { db } from "@/lib/db";
import { SPAN_CHIP, SPAN_LABELS } from "./labels";

/**
 * On the agent page: how often readers flagged this agent's answers (unsupported or wrong
 * passages per 1,000 words of its answers people read: served to a voter or marked), with the
 * counts behind the figure.
 */
export async function AgentSpanRate({ agentId }: { agentId: string }) {
  const rate = (await readAgentSpanRates(db())).find((r) => r.agentId === agentId);
  if (!rate || rate.perThousandWords === null || rate.counts.unsupported + rate.counts.wrong + rate.counts.insightful === 0) {
    return (
      <p className="text-sm text-zinc-500 dark:text-zinc-400">
        No reader has marked a passage of this agent&apos;s answers yet. Signed-in readers mark passages on match pages and while voting.
      </p>
    );
  }
  return (
    <div className="text-sm" data-testid="agent-span-rate">
      <p>
        <strong className="tabular-nums">{rate.perThousandWords.toFixed(2)}</strong> flagged passages per 1,000 words
        <span className="text-zinc-500 dark:text-zinc-400">
          : {rate.flagged} unsupported or wrong in {rate.words.toLocaleString("en")} words of its answers people read (served to a voter or
          marked).
        </span>
      </p>
      <p className="mt-1 flex flex-wrap gap-1.5 text-xs">
        {SPAN_LABELS.map((l) => (
          <span key={l} className={`rounded px-1.5 ${SPAN_CHIP[l]}`}>
            {rate.counts[l]} {l}
          </span>
        ))}
      </p>
    </div>
  );
}
