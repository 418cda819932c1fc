import Link from "@/components/link";
import { MIN_AGENTS, MIN_VOTES, readPeopleAgreement } from "@arena/votes/read";
import { cached } from "@/lib/api/cache";
import { db } from "@/lib/db";
import { query } from "@/lib/params";

/**
 * The leaderboard header's line on people: "agrees with people: ρ 0.91 [0.78, 0.97], 1,240
 * votes", or "not enough votes yet", from the people's snapshot of the selected examiner
 * configuration's rounds (computed by the workers; docs/voting.md says how).
 */
export async function PeopleAgreement({ examinerId }: { examinerId: string | null }) {
  if (!examinerId) return null;
  const view = await cached(`page:people-agreement:${examinerId}`, () => readPeopleAgreement(db(), examinerId));
  if (!view) return null;
  const a = view.agreement;
  const title = a?.enough
    ? `Spearman's ρ between the examiner's and the people's ratings over ${a.agents} agents with at least ${a.minimum.votesPerAgent} counted verdicts each (95 % bootstrap interval); Kendall's τ-b ${a.kendall?.value.toFixed(2) ?? "—"}${a.kappa ? `; Cohen's κ on the same rounds ${a.kappa.value.toFixed(2)} over ${a.kappa.n} verdicts` : ""}`
    : `Shown once ${a?.minimum.agents ?? MIN_AGENTS} agents have enough counted verdicts and ${a?.minimum.votes ?? MIN_VOTES} verdicts are among them`;
  return (
    <p data-testid="people-agreement" className="mb-3 text-sm text-zinc-600 dark:text-zinc-400" title={title}>
      <span className="font-medium">People:</span> {view.line} ·{" "}
      <Link className="underline" href={`/leaderboard${query({ by: "people", examiner: examinerId })}`}>
        people&apos;s leaderboard
      </Link>{" "}
      ·{" "}
      <Link className="underline" href="/vote">
        vote
      </Link>
    </p>
  );
}
