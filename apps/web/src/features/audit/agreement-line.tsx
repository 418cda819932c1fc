import { examinerAgreement } from "@arena/audit/read";
import { db } from "@/lib/db";

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
        : `κ ${a.kappa === null ? "—" : a.kappa.toFixed(2)} with human auditors over ${a.rounds} round${a.rounds === 1 ? "" : "s"} (${a.annotations} annotation${a.annotations === 1 ? "" : "s"}); rubric factuality ${a.rubricFactuality === null ? "—" : `${a.rubricFactuality.toFixed(1)} %`}`}
    </p>
  );
}
