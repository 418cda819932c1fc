import Link from "@/components/link";
import type { AuditQueueSummary, AuditReport } from "@arena/audit/read";
import { LABELS } from "@arena/audit/options";
import { MIN_KAPPA_ITEMS } from "@arena/audit";
import { link } from "@/components/ui";
import { kap, pct } from "./report-format";
import { ConfusionTable, FiguresTable, InstrumentTable, KappaTable } from "./report-tables";
import { plural } from "@/lib/format";

/** The audit report: the paper's Table 7 beside ours, κ per auditor and between auditors, the verdict confusion matrix, Instrument I, disagreements. */
export function AuditReportPage({ report, queues }: { report: AuditReport; queues: AuditQueueSummary[] }) {
  const q = report.queue?.id;
  const exportQuery = q ? `?queue=${q}` : "";
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-semibold">Audit report{report.queue ? `: ${report.queue.name}` : " (every queue)"}</h1>
      <nav className="flex flex-wrap gap-3 text-sm" aria-label="Queues">
        <Link href="/audit/report" className={q ? link : "font-semibold"}>
          All queues
        </Link>
        {queues.map((x) => (
          <Link key={x.id} href={`/audit/report?queue=${x.id}`} className={x.id === q ? "font-semibold" : link}>
            {x.name}
          </Link>
        ))}
      </nav>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {plural(report.annotations, "annotation")} of {plural(report.items, "round")}
        {report.coverage === "own-items" ? " — the items you annotated yourself (admins see every item)" : ""}. Exports:{" "}
        <a href={`/api/audit/annotations.jsonl${exportQuery}`} className={link}>
          JSONL
        </a>{" "}
        ·{" "}
        <a href={`/api/audit/annotations.csv${exportQuery}`} className={link}>
          CSV
        </a>
        .
      </p>
      <section>
        <h2 className="mb-2 font-semibold">Pipeline validation (Table 7)</h2>
        <FiguresTable
          rows={[
            {
              label: "Question validity (A1 and A2 yes)",
              value: pct(report.questionValidity.percent),
              n: report.questionValidity.n,
              paper: "90.6 %",
            },
            {
              label: "Rubric factuality (B1 completely correct)",
              value: pct(report.rubricFactuality.percent),
              n: report.rubricFactuality.n,
              paper: "89.1 %",
            },
            {
              label: "Verdict alignment κ (examiner vs auditors, win/loss/tie)",
              value: kap(report.kappa.examinerVsAuditors.kappa),
              n: report.kappa.examinerVsAuditors.n,
              paper: "0.91",
            },
            {
              label: "Transition logic accuracy (A3 yes)",
              value: pct(report.transitionLogic.percent),
              n: report.transitionLogic.n,
              paper: "96.9 %",
            },
            {
              label: "Stop condition efficiency (D2 sufficient)",
              value: pct(report.stopCondition.percent),
              n: report.stopCondition.n,
              paper: "92.2 %",
            },
            {
              label: "Agreement with the examiner (D1 yes)",
              value: pct(report.verdictAgreement.percent),
              n: report.verdictAgreement.n,
              paper: "—",
            },
          ]}
        />
        <p className="mt-1 text-xs text-zinc-500">
          Checklists without major hallucinations (B1 correct or minor): {pct(report.rubricFactuality.minorOrBetter)}. κ on the five
          verdicts (examiner vs auditors): {kap(report.kappa.examinerVsAuditors.kappa5)}.
        </p>
      </section>
      <section>
        <h2 className="mb-2 font-semibold">Cohen&apos;s κ</h2>
        <p className="mb-1 text-xs text-zinc-500">
          κ shows — until {MIN_KAPPA_ITEMS} rounds are compared: over fewer, it only restates whether they agreed.
        </p>
        <KappaTable kappa={report.kappa} />
      </section>
      <section>
        <h2 className="mb-2 font-semibold">Verdicts: examiner (rows) × auditors (columns)</h2>
        <ConfusionTable confusion={report.confusion} />
      </section>
      <section>
        <h2 className="mb-2 font-semibold">Instrument I: task generation preference (n = {report.instrumentI.n})</h2>
        <InstrumentTable instrument={report.instrumentI} />
        <p className="mt-1 text-xs text-zinc-500">Paper: the full tree is preferred for 89 % of questions and 88 % of checklists.</p>
      </section>
      <section>
        <h2 className="mb-2 font-semibold">Disagreements ({report.disagreements.length})</h2>
        {report.disagreements.length === 0 ? (
          <p className="text-sm text-zinc-500">None.</p>
        ) : (
          <ul className="space-y-2 text-sm" data-testid="audit-disagreements">
            {report.disagreements.map((d) => (
              <li key={d.itemId}>
                <Link href={`/matches/${d.matchId}#round-${d.roundNumber}`} className={link}>
                  Round {d.roundNumber} of match {d.matchId.slice(-6)}
                </Link>{" "}
                — {d.kind === "examiner" ? "an auditor disagrees with the examiner" : "the auditors disagree"}; examiner:{" "}
                {LABELS.verdict[d.examiner]};{" "}
                {d.auditors
                  .map(
                    (a) =>
                      `${a.name}: ${LABELS.verdict[a.verdict]}${a.agree === false ? " (D1 disagree)" : ""}${a.comment ? ` “${a.comment}”` : ""}`,
                  )
                  .join("; ")}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
