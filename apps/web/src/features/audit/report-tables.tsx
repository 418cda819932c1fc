"use client";

import type { AuditReport } from "@arena/audit/read";
import { LABELS, VARIANTS, type Variant } from "@arena/audit/options";
import { DataTable, type DataColumn } from "@/components/data-table";
import { kap, pct } from "./report-format";

/** One criterion of the paper's Table 7: our figure (already formatted), over how many, the paper's. */
export interface FigureRow {
  label: string;
  value: string;
  n: number;
  paper: string;
}

const FIGURES: DataColumn<FigureRow>[] = [
  { id: "label", header: "Criterion", cell: (f) => f.label },
  { id: "value", header: "Here", numeric: true, cell: (f) => f.value, cellProps: (f) => ({ "data-testid": `figure-${f.label}` }) },
  { id: "n", header: "n", numeric: true, sortValue: (f) => f.n, cell: (f) => f.n },
  { id: "paper", header: "Paper", numeric: true, cell: (f) => f.paper },
];

export function FiguresTable({ rows }: { rows: readonly FigureRow[] }) {
  return (
    <DataTable
      testId="audit-figures"
      caption="Pipeline validation: our figures beside the paper's Table 7"
      rows={rows}
      columns={FIGURES}
      rowKey={(f) => f.label}
    />
  );
}

interface KappaRow {
  key: string;
  between: string;
  kappa: number | null;
  kappa5: number | null;
  n: number;
}

const KAPPA: DataColumn<KappaRow>[] = [
  { id: "between", header: "Between", sortValue: (k) => k.between.toLowerCase(), cell: (k) => k.between },
  { id: "kappa", header: "κ (win/loss/tie)", numeric: true, sortValue: (k) => k.kappa ?? undefined, cell: (k) => kap(k.kappa) },
  { id: "kappa5", header: "κ (5 verdicts)", numeric: true, sortValue: (k) => k.kappa5 ?? undefined, cell: (k) => kap(k.kappa5) },
  { id: "n", header: "n", numeric: true, sortValue: (k) => k.n, cell: (k) => k.n },
];

/** κ of the examiner against each auditor, then between each pair of auditors. */
export function KappaTable({ kappa }: { kappa: AuditReport["kappa"] }) {
  const rows: KappaRow[] = [
    ...kappa.perAuditor.map((k) => ({ key: k.auditorId, between: `examiner · ${k.name}`, kappa: k.kappa, kappa5: k.kappa5, n: k.n })),
    ...kappa.betweenAuditors.map((k) => ({ key: `${k.a}-${k.b}`, between: `${k.a} · ${k.b}`, kappa: k.kappa, kappa5: k.kappa5, n: k.n })),
  ];
  return (
    <DataTable
      testId="audit-kappa"
      caption="Cohen's κ between the examiner and each auditor and between auditors"
      rows={rows}
      columns={KAPPA}
      rowKey={(k) => k.key}
      empty="No round compared yet."
    />
  );
}

type Verdict = AuditReport["confusion"]["categories"][number];
interface ConfusionRow {
  examiner: Verdict;
  index: number;
  cells: number[];
}

/** The confusion matrix as a table: one row per examiner verdict, one column per auditor verdict, the diagonal bold. */
export function ConfusionTable({ confusion }: { confusion: AuditReport["confusion"] }) {
  const columns: DataColumn<ConfusionRow>[] = [
    { id: "examiner", header: "Examiner", cell: (r) => <span className="font-medium">{LABELS.verdict[r.examiner]}</span> },
    ...confusion.categories.map((c, j) => ({
      id: c,
      header: LABELS.verdict[c],
      numeric: true,
      cell: (r: ConfusionRow) => <span className={r.index === j ? "font-semibold" : ""}>{r.cells[j]}</span>,
    })),
  ];
  const rows = confusion.matrix.map((cells, index) => ({ examiner: confusion.categories[index]!, index, cells }));
  return (
    <DataTable
      testId="audit-confusion"
      caption="Verdicts: examiner (rows) by auditors (columns)"
      rows={rows}
      columns={columns}
      rowKey={(r) => r.examiner}
    />
  );
}

const INSTRUMENT: DataColumn<{ variant: Variant; question: number | null; checklist: number | null }>[] = [
  { id: "variant", header: "Configuration", cell: (r) => LABELS.variant[r.variant] },
  { id: "question", header: "Best question", numeric: true, sortValue: (r) => r.question ?? undefined, cell: (r) => pct(r.question) },
  { id: "checklist", header: "Best checklist", numeric: true, sortValue: (r) => r.checklist ?? undefined, cell: (r) => pct(r.checklist) },
];

/** Instrument I: how often each generation configuration was preferred. */
export function InstrumentTable({ instrument }: { instrument: AuditReport["instrumentI"] }) {
  const rows = VARIANTS.map((variant) => ({
    variant,
    question: instrument.question[variant] ?? null,
    checklist: instrument.checklist[variant] ?? null,
  }));
  return (
    <DataTable
      testId="audit-instrument"
      caption="Instrument I: task generation preference"
      rows={rows}
      columns={INSTRUMENT}
      rowKey={(r) => r.variant}
    />
  );
}
