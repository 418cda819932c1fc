import Link from "@/components/link";
import type { Reveal } from "@arena/votes";
import { link } from "@/components/ui";
import { VERDICT_TEXT, winnerOf } from "./labels";

/** How the reader's verdict stands beside the examiner's: the same winner (or both a tie), or not. */
function agreement(reveal: Reveal): string {
  if (!reveal.examiner.verdict) return "The examiner gave no verdict on this round.";
  const mine = winnerOf(reveal.vote.verdict);
  const theirs = winnerOf(reveal.examiner.verdict);
  if (mine === theirs)
    return mine === "tie" ? "You and the examiner both called it a tie." : `You and the examiner both preferred answer ${mine}.`;
  return "You and the examiner differ on this round.";
}

/**
 * What the server sends once the vote is stored, never before: who answered in each seat (as
 * the reader saw the seats), the examiner's verdict and reasoning, and the reader's own vote.
 */
export function RevealPanel({ reveal, onNext, loadingNext }: { reveal: Reveal; onNext: () => void; loadingNext: boolean }) {
  return (
    <div data-testid="vote-reveal" aria-live="polite">
      <h2 className="font-semibold">Your vote is stored: {VERDICT_TEXT[reveal.vote.verdict]}</h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {(["A", "B"] as const).map((seat) => (
          <div key={seat} className="contents">
            <dt className="text-zinc-500">Answer {seat}</dt>
            <dd data-testid={`reveal-agent-${seat.toLowerCase()}`}>
              <Link href={`/agents/${reveal.agents[seat].id}`} className={link}>
                {reveal.agents[seat].name}
              </Link>
            </dd>
          </div>
        ))}
        <dt className="text-zinc-500">Examiner</dt>
        <dd data-testid="reveal-examiner-verdict">{reveal.examiner.verdict ? VERDICT_TEXT[reveal.examiner.verdict] : "no verdict"}</dd>
      </dl>
      <p className="mt-2 text-sm font-medium" data-testid="reveal-agreement">
        {agreement(reveal)}
      </p>
      {reveal.examiner.reasoning ? (
        <details className="mt-2 text-sm" open>
          <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">The examiner&apos;s reasoning</summary>
          <p data-testid="reveal-reasoning" className="mt-1 whitespace-pre-wrap text-zinc-700 dark:text-zinc-300">
            {reveal.examiner.reasoning}
          </p>
        </details>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={onNext}
          disabled={loadingNext}
          className="rounded-md bg-sky-700 px-3 py-1.5 text-sm text-white disabled:opacity-50"
        >
          {loadingNext ? "Loading the next round…" : "Next round"} <kbd className="ml-1 text-xs">n</kbd>
        </button>
        <Link href={`/matches/${reveal.matchId}`} className={`text-sm ${link}`}>
          Open the match
        </Link>
      </div>
    </div>
  );
}
