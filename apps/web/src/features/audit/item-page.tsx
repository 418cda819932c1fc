import Link from "@/components/link";
import type { AuditItemView } from "@arena/audit/read";
import { LABELS, winnerOf } from "@arena/audit/read";
import { UntrustedMarkdown } from "@/components/markdown";
import { ExternalLink, link } from "@/components/ui";
import { actionText, failureText } from "../matches/labels";
import { ChecklistBlock } from "../matches/checklist";
import { AnnotationForm } from "./annotation-form";

function Answer({ seat, answer }: { seat: "A" | "B"; answer: AuditItemView["answers"]["A"] }) {
  return (
    <section className="min-w-0 rounded-md border border-zinc-200 dark:border-zinc-800" aria-label={`Answer ${seat}`}>
      <h3 className="border-b border-zinc-200 px-3 py-2 text-sm font-semibold dark:border-zinc-800">Agent {seat}</h3>
      <div className="max-h-[32rem] overflow-auto px-3 py-2">
        {answer.error ? <p className="text-sm text-red-700 dark:text-red-400">No answer ({answer.error}).</p> : null}
        {answer.text ? <UntrustedMarkdown text={answer.text} testId={`audit-answer-${seat.toLowerCase()}`} /> : null}
      </div>
    </section>
  );
}

/**
 * The examiner's judgement, rendered on the server and only once `item.reveal` exists, which the
 * read function fills only after the auditor's own C1 is stored.
 */
function Reveal({ reveal, roundNumber }: { reveal: NonNullable<AuditItemView["reveal"]>; roundNumber: number }) {
  return (
    <section data-testid="examiner-verdict" className="rounded-md border-2 border-sky-500 p-3 text-sm" aria-label="Examiner's verdict">
      <h2 className="font-semibold">
        Examiner&apos;s verdict: {LABELS.verdict[reveal.verdict]}
        {reveal.tieQuality && reveal.tieQuality !== "N/A" ? ` (${reveal.tieQuality})` : ""}
      </h2>
      {winnerOf(reveal.verdict) !== "tie" ? (
        <p>
          Failure type of the loser (Agent {winnerOf(reveal.verdict) === "A" ? "B" : "A"}): {failureText(reveal.failureType)}
        </p>
      ) : null}
      {reveal.reasoning ? (
        <p data-testid="examiner-reasoning" className="mt-1 whitespace-pre-wrap text-zinc-700 dark:text-zinc-300">
          {reveal.reasoning}
        </p>
      ) : null}
      {reveal.voided ? <p className="mt-1 font-medium text-amber-700">This round has been voided.</p> : null}
      <p className="mt-1 text-xs">
        <Link href={`/matches/${reveal.matchId}#round-${roundNumber}`} className={link}>
          Open the match (agent names)
        </Link>
      </p>
    </section>
  );
}

export function AuditItemPage({ item }: { item: AuditItemView }) {
  const r = item.round;
  return (
    <div className="space-y-5">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-semibold">
          Audit item {item.queue.position} of {item.queue.size}
          <span className="ml-2 text-sm font-normal text-zinc-500">
            {item.queue.name} · round {r.number} · depth {r.depth} · width {r.width}
          </span>
        </h1>
        <p className="text-xs text-zinc-500">
          <Link href="/audit" className={link}>
            Audit home
          </Link>{" "}
          · press <kbd>?</kbd> for keys
        </p>
      </header>
      {item.queue.hideQuestions || item.queue.closed ? null : (
        <p
          data-testid="not-blind-note"
          className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          This queue does not keep its questions off public pages: searching the question on the match pages would show the agents&apos;
          names. Judge from what this page shows.
        </p>
      )}
      <section aria-label="Tree path">
        <h2 className="text-sm font-medium text-zinc-500">Tree path (source pages)</h2>
        <ol className="flex flex-wrap gap-x-2 text-sm">
          {r.path.map((p, i) => (
            <li key={i}>
              {i > 0 ? (
                <span aria-hidden className="mr-2 text-zinc-500">
                  ›
                </span>
              ) : null}
              <ExternalLink href={p.url}>{p.title ?? p.url}</ExternalLink>
            </li>
          ))}
        </ol>
      </section>
      <section aria-label="Question">
        <h2 className="text-sm font-medium text-zinc-500">Question</h2>
        <p data-testid="audit-question" className="whitespace-pre-wrap">
          {r.question ?? "—"}
        </p>
        {r.wordLimitInstruction ? <p className="text-sm text-zinc-500">{r.wordLimitInstruction}</p> : null}
      </section>
      {r.previous ? (
        <section aria-label="Previous round" className="text-sm">
          <h2 className="font-medium text-zinc-500">Previous question (for A3)</h2>
          <p className="whitespace-pre-wrap">{r.previous.question ?? "—"}</p>
          <p className="text-zinc-500">Transition taken after it: {actionText(r.previous.transition, false)}</p>
        </section>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <ChecklistBlock heading="h3" title="Depth checklist" hint="hidden entities to find" items={r.checklistDepth} />
        <ChecklistBlock heading="h3" title="Width checklist" hint="facts to report" items={r.checklistWidth} />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Answer seat="A" answer={item.answers.A} />
        <Answer seat="B" answer={item.answers.B} />
      </div>
      {item.reveal ? <Reveal reveal={item.reveal} roundNumber={r.number} /> : null}
      <AnnotationForm
        key={item.id}
        itemId={item.id}
        queueId={item.queue.id}
        closed={item.queue.closed}
        askEvolution={r.previous !== null}
        own={item.own}
        sufficiency={item.sufficiency}
      />
    </div>
  );
}
