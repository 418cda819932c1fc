import Link from "@/components/link";
import type { MatchView, RoundView } from "@arena/match/read";
import { UntrustedMarkdown } from "@/components/markdown";
import { ExternalLink, link } from "@/components/ui";
import { fmtInt, fmtMs, fmtUsd } from "@/lib/format";
import { actionText, failureText, verdictOf } from "./labels";
import { ResearchTrace } from "./research-trace";
import { Expandable } from "./expandable";
import { ChecklistBlock } from "./checklist";
import { AnswerSpans } from "../votes/spans/answer-spans";

function Path({ round, treeId }: { round: RoundView; treeId: string }) {
  return (
    <ol className="flex flex-wrap items-center gap-x-1 gap-y-0.5 text-sm" aria-label="Path from the root">
      {round.path.map((p, i) => (
        <li key={`${p.nodeId}-${i}`} className="inline-flex items-center gap-1">
          {i > 0 ? (
            <span aria-hidden className="text-zinc-500">
              ›
            </span>
          ) : null}
          <Link href={`/trees/${treeId}/nodes/${p.nodeId}`} className={link}>
            {p.title ?? p.url}
          </Link>
          {p.url ? (
            <ExternalLink href={p.url} className="text-xs text-zinc-500 hover:text-zinc-700 dark:hover:text-zinc-200">
              <span role="img" aria-label={`source page of ${p.title ?? p.url}`}>
                ↗
              </span>
            </ExternalLink>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function Answer({ roundId, seat, name, answer }: { roundId: string; seat: "A" | "B"; name: string; answer: RoundView["a"] }) {
  const testId = seat === "A" ? "answer-a" : "answer-b";
  return (
    <div className="min-w-0 rounded-md border border-zinc-200 dark:border-zinc-800">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 border-b border-zinc-200 px-3 py-2 dark:border-zinc-800">
        <h4 className="text-sm font-medium">
          <span className="text-zinc-500">{seat}</span> {name}
        </h4>
        <p className="num text-xs text-zinc-500 dark:text-zinc-400">
          {fmtMs(answer.latencyMs)} · {answer.tokens === null ? "—" : `${fmtInt(answer.tokens)} tokens`} · {fmtUsd(answer.costUsd)} ·{" "}
          {answer.citations === null ? "—" : `${answer.citations} citations`}
        </p>
      </div>
      <Expandable label={`${seat}'s answer`}>
        {answer.error ? (
          <p className="mb-2 rounded bg-red-50 px-2 py-1 text-xs text-red-800 dark:bg-red-950/40 dark:text-red-200">
            Error class <strong>{answer.error}</strong>
            {answer.errorDetail ? `: ${answer.errorDetail}` : ""}
          </p>
        ) : null}
        {answer.text ? (
          <AnswerSpans roundId={roundId} seat={seat} text={answer.text}>
            <UntrustedMarkdown text={answer.text} testId={testId} />
          </AnswerSpans>
        ) : (
          <p data-testid={testId} className="text-sm text-zinc-500">
            No answer.
          </p>
        )}
      </Expandable>
      <ResearchTrace trace={answer.trace} testId={`trace-${seat.toLowerCase()}`} />
    </div>
  );
}

/** "Forfeit: seat A's agent failed (class refused)": a forfeit names the failing seat and the error class only. */
function forfeitText(f: NonNullable<RoundView["forfeit"]>, match: MatchView): string {
  const name = f.seat === "A" ? match.agentA.name : match.agentB.name;
  return `Forfeit: seat ${f.seat}'s agent ${name} ${f.reason === "empty" ? "answered nothing" : `failed (class ${f.reason})`}`;
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 text-sm">
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/** One round: where the examiner was in the tree, what it asked, both answers, and its judgement. */
export function RoundCard({ round, match }: { round: RoundView; match: MatchView }) {
  const verdict = verdictOf(round.verdict);
  const winner = verdict?.seat === "A" ? match.agentA.name : verdict?.seat === "B" ? match.agentB.name : null;
  return (
    <article
      id={`round-${round.number}`}
      aria-labelledby={`round-${round.number}-title`}
      data-testid={`round-${round.number}`}
      className={`mt-6 scroll-mt-14 rounded-lg border p-3 sm:p-4 ${round.voided ? "border-dashed border-zinc-400 opacity-80" : "border-zinc-200 dark:border-zinc-800"}`}
    >
      <header className="mb-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 className="text-base font-semibold" id={`round-${round.number}-title`}>
          <a href={`#round-${round.number}`} className="hover:underline" title="Link to this round">
            Round {round.number}
          </a>
        </h3>
        <span className="num text-sm text-zinc-500">
          depth {round.depth} · width {round.width}
        </span>
        {round.forfeit ? (
          <span
            className="rounded bg-amber-100 px-1.5 py-0.5 text-sm font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
            data-testid="round-forfeit"
          >
            {forfeitText(round.forfeit, match)}
          </span>
        ) : verdict ? (
          <span className="rounded bg-zinc-100 px-1.5 py-0.5 text-sm dark:bg-zinc-800">
            {winner ? `${verdict.seat} ${winner}: ${verdict.text}` : `tie${round.tieQuality ? ` (${round.tieQuality})` : ""}`}
          </span>
        ) : null}
        <span className="num text-sm text-zinc-500">
          score after: {round.scoreA}–{round.scoreB}
        </span>
        {round.action ? (
          <span className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="round-transition">
            then: {actionText(round.action, round.stuck)}
          </span>
        ) : null}
        {round.voided ? (
          <span className="rounded bg-zinc-200 px-1.5 py-0.5 text-xs font-medium dark:bg-zinc-700">voided: not counted</span>
        ) : null}
        {round.judgeError ? (
          <span className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-medium text-red-800 dark:bg-red-900/50 dark:text-red-200">
            judge error
          </span>
        ) : null}
      </header>

      <Path round={round} treeId={match.treeId} />

      <div className="mt-3">
        <h4 className="text-sm font-medium">Question</h4>
        {round.questionHeld ? (
          <p className="text-sm text-zinc-500 dark:text-zinc-400" data-testid="question-held">
            Held back while this round is being audited blind: shown once the audit queue closes.
          </p>
        ) : (
          <p className="whitespace-pre-wrap text-sm">{round.question ?? "—"}</p>
        )}
        {round.wordLimitInstruction ? (
          <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">Word limit given to both agents: “{round.wordLimitInstruction}”</p>
        ) : null}
      </div>

      <div className="mt-3 grid gap-4 md:grid-cols-2">
        <ChecklistBlock title="Depth checklist" hint="entities to find" items={round.checklistDepth} />
        <ChecklistBlock title="Width checklist" hint="facts to report" items={round.checklistWidth} />
      </div>

      <div className="mt-4 grid gap-3 lg:grid-cols-2">
        <Answer roundId={round.id} seat="A" name={match.agentA.name} answer={round.a} />
        <Answer roundId={round.id} seat="B" name={match.agentB.name} answer={round.b} />
      </div>

      <dl className="mt-4 space-y-1">
        {round.forfeit ? (
          <Row label="Forfeit">
            {forfeitText(round.forfeit, match)}. {winner ? `${verdict?.seat} (${winner})` : "The other seat"} wins the round as{" "}
            {verdict?.text ?? "much better"}; no judge was asked, so this is not the examiner's judgement.
          </Row>
        ) : (
          <>
            <Row label="Verdict">{verdict ? (winner ? `${verdict.seat} (${winner}) ${verdict.text}` : "tie") : "not judged"}</Row>
            {verdict && !winner ? <Row label="Tie quality">{round.tieQuality ?? "—"}</Row> : null}
            {winner ? <Row label="Loser failure">{failureText(round.loserFailureType)}</Row> : null}
            <Row label="Reasoning">
              <p className="whitespace-pre-wrap">{round.reasoning || "—"}</p>
            </Row>
          </>
        )}
        {round.judgeError ? (
          <Row label="Judge error">
            <p className="whitespace-pre-wrap text-red-800 dark:text-red-300">{round.judgeError}</p>
          </Row>
        ) : null}
        <Row label="Transition">{actionText(round.action, round.stuck)}</Row>
        <Row label="Expansions">
          {round.expansions.length === 0 ? (
            "none"
          ) : (
            <ul>
              {round.expansions.map((e, i) => (
                <li key={i}>
                  {e.kind} of{" "}
                  <Link href={`/trees/${match.treeId}/nodes/${e.nodeId}`} className={link}>
                    a node
                  </Link>
                  : asked {e.requested}, added {e.added}
                  {e.found !== undefined ? `, found ${e.found}` : ""}
                  {e.failed ? `, ${e.failed} failed` : ""}
                  {e.reason ? ` (${e.reason})` : ""}
                </li>
              ))}
            </ul>
          )}
        </Row>
        <Row label="Examiner">
          {round.examinerMode}
          {round.examinerModel ? ` · ${round.examinerModel}` : ""}
        </Row>
        {round.rationale ? (
          <Row label="Examiner notes">
            <p className="whitespace-pre-wrap text-zinc-600 dark:text-zinc-400">{round.rationale}</p>
          </Row>
        ) : null}
      </dl>
    </article>
  );
}
