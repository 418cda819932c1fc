import Link from "next/link";
import type { AuditQueueSummary, AuditReport } from "@arena/audit/read";
import { LABELS, VARIANTS } from "@arena/audit/options";
import { MIN_KAPPA_ITEMS } from "@arena/audit";
import { link, row, TableScroll, td, tdNum, th, thNum } from "@/components/ui";
import { plural } from "@/lib/format";

const pct = (x: number | null) => (x === null ? "—" : `${x.toFixed(1)} %`);
const kap = (x: number | null) => (x === null ? "—" : x.toFixed(2));

function Figure({ label, value, n, paper }: { label: string; value: string; n: number; paper: string }) {
  return (
    <tr className={row}>
      <td className={td}>{label}</td>
      <td className={tdNum} data-testid={`figure-${label}`}>{value}</td>
      <td className={tdNum}>{n}</td>
      <td className={tdNum}>{paper}</td>
    </tr>
  );
}

/** The audit report: the paper's Table 7 beside ours, κ per auditor and between auditors, the verdict confusion matrix, Instrument I, disagreements. */
export function AuditReportPage({ report, queues }: { report: AuditReport; queues: AuditQueueSummary[] }) {
  const q = report.queue?.id;
  const exportQuery = q ? `?queue=${q}` : "";
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-semibold">Audit report{report.queue ? `: ${report.queue.name}` : " (every queue)"}</h1>
      <nav className="flex flex-wrap gap-3 text-sm" aria-label="Queues">
        <Link href="/audit/report" className={q ? link : "font-semibold"}>All queues</Link>
        {queues.map((x) => (
          <Link key={x.id} href={`/audit/report?queue=${x.id}`} className={x.id === q ? "font-semibold" : link}>
            {x.name}
          </Link>
        ))}
      </nav>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {plural(report.annotations, "annotation")} of {plural(report.items, "round")}
        {report.coverage === "own-items" ? " — the items you annotated yourself (admins see every item)" : ""}. Exports:{" "}
        <a href={`/api/audit/annotations.jsonl${exportQuery}`} className={link}>JSONL</a> · <a href={`/api/audit/annotations.csv${exportQuery}`} className={link}>CSV</a>.
      </p>
      <section>
        <h2 className="mb-2 font-semibold">Pipeline validation (Table 7)</h2>
        <TableScroll>
          <table className="text-sm" data-testid="audit-figures">
            <thead>
              <tr>
                <th className={th}>Criterion</th>
                <th className={thNum}>Here</th>
                <th className={thNum}>n</th>
                <th className={thNum}>Paper</th>
              </tr>
            </thead>
            <tbody>
              <Figure label="Question validity (A1 and A2 yes)" value={pct(report.questionValidity.percent)} n={report.questionValidity.n} paper="90.6 %" />
              <Figure label="Rubric factuality (B1 completely correct)" value={pct(report.rubricFactuality.percent)} n={report.rubricFactuality.n} paper="89.1 %" />
              <Figure label="Verdict alignment κ (examiner vs auditors, win/loss/tie)" value={kap(report.kappa.examinerVsAuditors.kappa)} n={report.kappa.examinerVsAuditors.n} paper="0.91" />
              <Figure label="Transition logic accuracy (A3 yes)" value={pct(report.transitionLogic.percent)} n={report.transitionLogic.n} paper="96.9 %" />
              <Figure label="Stop condition efficiency (D2 sufficient)" value={pct(report.stopCondition.percent)} n={report.stopCondition.n} paper="92.2 %" />
              <Figure label="Agreement with the examiner (D1 yes)" value={pct(report.verdictAgreement.percent)} n={report.verdictAgreement.n} paper="—" />
            </tbody>
          </table>
        </TableScroll>
        <p className="mt-1 text-xs text-zinc-500">
          Checklists without major hallucinations (B1 correct or minor): {pct(report.rubricFactuality.minorOrBetter)}. κ on the five verdicts
          (examiner vs auditors): {kap(report.kappa.examinerVsAuditors.kappa5)}.
        </p>
      </section>
      <section>
        <h2 className="mb-2 font-semibold">Cohen&apos;s κ</h2>
        <p className="mb-1 text-xs text-zinc-500">κ shows — until {MIN_KAPPA_ITEMS} rounds are compared: over fewer, it only restates whether they agreed.</p>
        <table className="text-sm" data-testid="audit-kappa">
          <thead>
            <tr>
              <th className={th}>Between</th>
              <th className={thNum}>κ (win/loss/tie)</th>
              <th className={thNum}>κ (5 verdicts)</th>
              <th className={thNum}>n</th>
            </tr>
          </thead>
          <tbody>
            {report.kappa.perAuditor.map((k) => (
              <tr key={k.auditorId} className={row}>
                <td className={td}>examiner · {k.name}</td>
                <td className={tdNum}>{kap(k.kappa)}</td>
                <td className={tdNum}>{kap(k.kappa5)}</td>
                <td className={tdNum}>{k.n}</td>
              </tr>
            ))}
            {report.kappa.betweenAuditors.map((k) => (
              <tr key={`${k.a}-${k.b}`} className={row}>
                <td className={td}>
                  {k.a} · {k.b}
                </td>
                <td className={tdNum}>{kap(k.kappa)}</td>
                <td className={tdNum}>{kap(k.kappa5)}</td>
                <td className={tdNum}>{k.n}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section>
        <h2 className="mb-2 font-semibold">Verdicts: examiner (rows) × auditors (columns)</h2>
        <TableScroll>
          <table className="text-sm" data-testid="audit-confusion">
            <thead>
              <tr>
                <th className={th} />
                {report.confusion.categories.map((c) => <th key={c} className={thNum}>{LABELS.verdict[c]}</th>)}
              </tr>
            </thead>
            <tbody>
              {report.confusion.matrix.map((cells, i) => (
                <tr key={i} className={row}>
                  <th className={th}>{LABELS.verdict[report.confusion.categories[i]!]}</th>
                  {cells.map((c, j) => <td key={j} className={`${tdNum} ${i === j ? "font-semibold" : ""}`}>{c}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>
      <section>
        <h2 className="mb-2 font-semibold">Instrument I: task generation preference (n = {report.instrumentI.n})</h2>
        <table className="text-sm">
          <thead>
            <tr>
              <th className={th}>Configuration</th>
              <th className={thNum}>Best question</th>
              <th className={thNum}>Best checklist</th>
            </tr>
          </thead>
          <tbody>
            {VARIANTS.map((v) => (
              <tr key={v} className={row}>
                <td className={td}>{LABELS.variant[v]}</td>
                <td className={tdNum}>{pct(report.instrumentI.question[v] ?? null)}</td>
                <td className={tdNum}>{pct(report.instrumentI.checklist[v] ?? null)}</td>
              </tr>
            ))}
          </tbody>
        </table>
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
                — {d.kind === "examiner" ? "an auditor disagrees with the examiner" : "the auditors disagree"}; examiner: {LABELS.verdict[d.examiner]};{" "}
                {d.auditors.map((a) => `${a.name}: ${LABELS.verdict[a.verdict]}${a.agree === false ? " (D1 disagree)" : ""}${a.comment ? ` “${a.comment}”` : ""}`).join("; ")}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
