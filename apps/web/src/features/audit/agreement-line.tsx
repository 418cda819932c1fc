import { examinerAgreement } from "@arena/audit/read";
import { db } from "@/lib/db";
import { plural } from "@/lib/format";

/**
 * The leaderboard's reliability line: how far auditors agree with the selected examiner
 * configuration's verdicts (κ on win/loss/tie, rounds audited, rubric factuality), or that it was
 * not audited yet.
 */
export async function AuditedAgreement({ examinerId }: { examinerId: string | null }) {
  if (!examinerId) return null;
  const a = await examinerAgreement(db(), examinerId);
  return (
    <p data-testid="audited-agreement" className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
      <span className="font-medium">Audited agreement:</span>{" "}
      {a === null
        ? "not audited yet"
        : `${plural(a.annotations, "annotation")} of ${plural(a.rounds, "round")}; κ with the human auditors ${a.kappa === null ? "— (too few annotations to say)" : a.kappa.toFixed(2)}; rubric factuality ${a.rubricFactuality === null ? "—" : `${a.rubricFactuality.toFixed(1)} %`}`}
    </p>
  );
}
