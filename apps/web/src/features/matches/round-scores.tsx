import Link from "@/components/link";
import type { CitationView, RoundScores } from "@arena/scoring/read";
import { ExternalLink, link } from "@/components/ui";
import { InlineMarkdown } from "@/components/markdown";
import { fmtNum, fmtPct } from "@/lib/format";
import { SupportBadge, UnsupportedCount } from "./citation-support";

type RoundScore = RoundScores["rounds"][number];

/** Statements are the agent's sentences: long ones are cut for the panel (the full answer is above). */
const STATEMENT_CHARS = 240;
/** Citation lists longer than this start folded. */
const OPEN_PAIRS = 12;

const value = (r: RoundScore, side: "A" | "B", metric: string) => r.scores.find((s) => s.side === side && s.metric === metric);

function Figures({ round, side }: { round: RoundScore; side: "A" | "B" }) {
  const f = (metric: string, show: (x: number) => string) => {
    const s = value(round, side, metric);
    return s ? show(s.value) : "—";
  };
  const pct = (x: number) => fmtPct(x);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
      <dt className="text-zinc-500">Claim F1 (P / R)</dt>
      <dd className="num" data-testid={`claim-f1-${side.toLowerCase()}`}>
        {f("claim_f1", pct)} ({f("claim_precision", pct)} / {f("claim_recall", pct)})
      </dd>
      <dt className="text-zinc-500">Information recall</dt>
      <dd className="num">{f("info_recall", pct)}</dd>
      <dt className="text-zinc-500">Citation coverage</dt>
      <dd className="num" title="Share of the key's source pages the answer cites (DR3-Eval; the hidden hub pages are not required)">
        {f("citation_coverage", pct)}
      </dd>
      <dt className="text-zinc-500" title="DR.Bench's InteScore without its SemanticDrift term (no keyword sets exist for arena questions)">
        InteScore (no drift term)
      </dt>
      <dd className="num">{f("intescore", (x) => fmtNum(x, 2))}</dd>
    </dl>
  );
}

function Citations({ c, treeId, side }: { c: CitationView | null; treeId: string; side: "A" | "B" }) {
  if (!c) return <p className="text-xs text-zinc-500">No citation score (no answer, or not scored yet).</p>;
  return (
    <div data-testid={`citations-${side.toLowerCase()}`}>
      <p className="text-xs">
        <span className="font-medium" data-testid="citation-accuracy">
          accuracy {c.accuracy === null ? "—" : fmtPct(c.accuracy)}
        </span>{" "}
        · effective {c.supported} · {c.count} listed ·{" "}
        <span className="text-emerald-700 dark:text-emerald-300">{c.supported} supported</span> · <UnsupportedCount c={c} /> · {c.unknown}{" "}
        unknown
        {c.truncated ? ` · ${c.truncated} statements beyond the judged cap` : ""}
        <span
          className="ml-1 rounded bg-zinc-100 px-1 text-[0.7rem] text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300"
          data-testid="citation-mode"
        >
          {c.mode}
          {c.model ? ` · ${c.model}` : ""}
        </span>
        {c.mode === "offline" ? <span className="ml-1 text-[0.7rem] text-zinc-500">(approximates the paper&apos;s judge)</span> : null}
      </p>
      {c.pairs.length === 0 ? (
        <p className="mt-1 text-xs text-zinc-500">No cited statement.</p>
      ) : (
        <details open={c.pairs.length <= OPEN_PAIRS} className="mt-1">
          <summary className="cursor-pointer text-xs text-zinc-500">{c.pairs.length} cited statements</summary>
          <ul className="mt-1 space-y-1.5">
            {c.pairs.map((p, i) => (
              <li key={i} className="text-xs" data-testid="citation-pair" data-support={p.support}>
                <SupportBadge pair={p} />
                <span className="text-zinc-500">[{p.n}]</span>{" "}
                <span data-testid="cited-statement">
                  <InlineMarkdown text={p.statement.length > STATEMENT_CHARS ? `${p.statement.slice(0, STATEMENT_CHARS)}…` : p.statement} />
                </span>
                <span className="block pl-1 text-zinc-500">
                  <ExternalLink href={p.url} className={`${link} break-all`}>
                    {p.url}
                  </ExternalLink>
                  {p.nodeId ? (
                    <>
                      {" · "}
                      <Link href={`/trees/${treeId}/nodes/${p.nodeId}`} className={link} data-testid="cited-node">
                        stored page text
                      </Link>
                    </>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

function Race({ round, names }: { round: RoundScore; names: { A: string; B: string } }) {
  const r = round.race;
  if (!r) return null;
  const favours = r.shareA > 0.5 ? "A" : r.shareA < 0.5 ? "B" : null;
  return (
    <p className="mt-2 text-xs" data-testid="race-verdict">
      RACE share of A <span className="num font-medium">{fmtNum(r.shareA, 3)}</span> ({r.mode}):{" "}
      {favours ? `favours ${favours} (${names[favours]})` : "even"}; the examiner&apos;s verdict:{" "}
      {round.verdictWinner === null
        ? "not judged"
        : round.verdictWinner === "tie"
          ? "tie"
          : `${round.verdictWinner} (${names[round.verdictWinner]})`}
      {r.agrees === null ? "" : r.agrees ? " — agree" : " — disagree"}.
    </p>
  );
}

/** The report scores of one round: per answer its figures and which citations held, linked to the cited text. */
export function RoundScorePanel({
  round,
  treeId,
  names,
}: {
  round: RoundScore | undefined;
  treeId: string;
  names: { A: string; B: string };
}) {
  if (!round || round.scores.length === 0) return null;
  const modes = [...new Set(round.scores.map((s) => s.mode))].join(", ");
  return (
    <section
      data-testid={`round-scores-${round.number}`}
      className="mt-2 rounded-lg border border-zinc-200 bg-zinc-50/60 p-3 dark:border-zinc-800 dark:bg-zinc-900/40"
    >
      <h4 className="text-sm font-semibold">
        Report scores of round {round.number} <span className="font-normal text-zinc-500">({modes} mode)</span>
      </h4>
      <div className="mt-2 grid gap-4 lg:grid-cols-2">
        {(["A", "B"] as const).map((side) => (
          <div key={side} className="min-w-0 space-y-2">
            <h5 className="text-xs font-medium">
              <span className="text-zinc-500">{side}</span> {names[side]}
            </h5>
            <Figures round={round} side={side} />
            <Citations c={round.citations[side]} treeId={treeId} side={side} />
          </div>
        ))}
      </div>
      <Race round={round} names={names} />
    </section>
  );
}
