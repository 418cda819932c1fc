import { FAILURE_COLORS } from "@/lib/palette";
import { fmtPct } from "@/lib/format";

/**
 * How an agent loses: shares of DEEP (missed entities), WIDE (missed facts) and BOTH among its
 * lost rounds, as one small stacked bar with the numbers in its accessible label and tooltip.
 */
export function ProfileBar({ profile, lost }: { profile: { deep: number; wide: number; both: number }; lost: number }) {
  if (lost === 0) return <span className="text-xs text-zinc-500">no lost round</span>;
  const parts = [
    { key: "DEEP", share: profile.deep, color: FAILURE_COLORS.DEEP },
    { key: "WIDE", share: profile.wide, color: FAILURE_COLORS.WIDE },
    { key: "BOTH", share: profile.both, color: FAILURE_COLORS.BOTH },
  ] as const;
  const text = `Lost rounds (${lost}): ${parts.map((p) => `${p.key} ${fmtPct(p.share)}`).join(", ")}`;
  return (
    <span
      className="inline-flex h-2.5 w-24 overflow-hidden rounded-sm bg-zinc-200 align-middle dark:bg-zinc-700"
      role="img"
      aria-label={text}
      title={text}
    >
      {parts.map((p) => (p.share > 0 ? <span key={p.key} style={{ width: `${p.share * 100}%`, backgroundColor: p.color }} /> : null))}
    </span>
  );
}

export function ProfileLegend() {
  return (
    <span className="inline-flex flex-wrap gap-3 text-xs text-zinc-500 dark:text-zinc-400">
      {(["DEEP", "WIDE", "BOTH"] as const).map((k) => (
        <span key={k} className="inline-flex items-center gap-1">
          <span className="inline-block h-2.5 w-2.5 rounded-sm" style={{ backgroundColor: FAILURE_COLORS[k] }} aria-hidden />
          {k}
        </span>
      ))}
      <span>(grey: NONE or unlabelled)</span>
    </span>
  );
}
