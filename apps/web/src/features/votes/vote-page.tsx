import Link from "@/components/link";
import type { NextVote, SpanView } from "@arena/votes/read";
import { UntrustedMarkdown } from "@/components/markdown";
import { Empty, link } from "@/components/ui";
import { SpanLayer, type ShownSpan } from "./spans/span-layer";
import { VoteForm } from "./vote-form";

function Answer({ roundId, seat, text, spans }: { roundId: string; seat: "A" | "B"; text: string; spans: ShownSpan[] }) {
  return (
    <section className="min-w-0 rounded-md border border-zinc-200 dark:border-zinc-800" aria-label={`Answer ${seat}`}>
      <h2 className="border-b border-zinc-200 px-3 py-2 text-sm font-semibold dark:border-zinc-800">Answer {seat}</h2>
      <div className="max-h-[70vh] overflow-auto px-3 py-2 md:max-h-[36rem]">
        <SpanLayer
          key={`${roundId}-${seat}`}
          target={{ roundId, seat, seats: "shown" }}
          stored={text}
          initial={spans}
          counts={null}
          canMark
        >
          <UntrustedMarkdown text={text} testId={`vote-answer-${seat.toLowerCase()}`} />
        </SpanLayer>
      </div>
    </section>
  );
}

/**
 * One blind round: the question, its word limit and the two answers in the seats drawn for this
 * voter, rendered from nextVoteRound alone, so nothing on the page (or in its payload) names an
 * agent or the examiner's verdict before the vote; the form shows those once the vote is stored.
 */
export function VotePage({ round, spans }: { round: NextVote; spans: SpanView[] }) {
  const own = (seat: "A" | "B"): ShownSpan[] =>
    spans
      .filter((s) => s.seat === seat)
      .map((s) => ({ id: s.id, start: s.start, end: s.end, label: s.label, comment: s.comment, mine: true }));
  return (
    <div className="space-y-5">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-semibold">Vote: which answer is better?</h1>
        <p className="text-xs text-zinc-500">
          Agents are hidden until you vote · press <kbd>?</kbd> for keys
        </p>
      </header>
      <section aria-label="Question">
        <h2 className="text-sm font-medium text-zinc-500">Question</h2>
        <p data-testid="vote-question" className="whitespace-pre-wrap">
          {round.question}
        </p>
        {round.wordLimit ? <p className="mt-1 text-sm text-zinc-500">Word limit given to both agents: “{round.wordLimit}”</p> : null}
      </section>
      <div className="grid gap-4 md:grid-cols-2">
        <Answer roundId={round.roundId} seat="A" text={round.answers.A} spans={own("A")} />
        <Answer roundId={round.roundId} seat="B" text={round.answers.B} spans={own("B")} />
      </div>
      <VoteForm key={round.roundId} roundId={round.roundId} />
    </div>
  );
}

/** No round left for this voter: every judged round was voted on, or none is open to them. */
export function NoRoundLeft() {
  return (
    <div data-testid="vote-empty">
      <Empty title="No round left to vote on, for now.">
        You have voted on every judged round open to you (rounds of your own agents are never served). New rounds come as matches are
        judged: come back later, or read the{" "}
        <Link href="/" className={link}>
          leaderboard
        </Link>{" "}
        and the{" "}
        <Link href="/matches" className={link}>
          matches
        </Link>{" "}
        meanwhile.
      </Empty>
    </div>
  );
}
