"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { SAMPLINGS } from "@arena/audit/options";
import { errorMessage } from "@/lib/api/error-message";

interface Choice {
  id: string;
  name: string;
}
interface QueueRow {
  id: string;
  name: string;
  sampling: string;
  size: number;
  annotatorsPerItem: number;
  done: number;
  needed: number;
  closedAt: string | null;
  hideQuestions: boolean;
  auditors: { name: string; done: number }[];
}
interface Candidate {
  roundId: string;
  matchId: string;
  roundNumber: number;
  question: string | null;
  major: number;
  annotations: number;
}

async function post(url: string, body: unknown): Promise<string | null> {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (res.ok) return null;
  return errorMessage(await res.json().catch(() => ({})), res.status);
}

const input = "rounded-md border border-zinc-300 px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900";

/** Console: create audit queues, close them, and void rounds auditors found hallucinated. */
export function ConsoleAudit({
  queues,
  examiners,
  tournaments,
  agents,
  candidates,
}: {
  queues: QueueRow[];
  examiners: Choice[];
  tournaments: Choice[];
  agents: Choice[];
  candidates: Candidate[];
}) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [form, setForm] = useState({
    name: "",
    sampling: "random",
    size: 30,
    annotatorsPerItem: 2,
    seed: "audit",
    examinerConfigId: "",
    tournamentId: "",
    agentId: "",
  });
  const [hideQuestions, setHideQuestions] = useState(false);
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const run = async (p: Promise<string | null>) => {
    const err = await p;
    setError(err);
    if (!err) router.refresh();
  };
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: typeof f[k] === "number" ? Number(e.target.value) : e.target.value }));
  const create = () => {
    const { examinerConfigId, tournamentId, agentId, ...rest } = form;
    return run(
      post("/api/audit/queues", {
        ...rest,
        hideQuestions,
        ...(examinerConfigId ? { examinerConfigId } : {}),
        ...(tournamentId ? { tournamentId } : {}),
        ...(agentId ? { agentId } : {}),
      }),
    );
  };
  const select = (k: "examinerConfigId" | "tournamentId" | "agentId", label: string, list: Choice[]) => (
    <label className="flex flex-col text-sm">
      {label}
      <select value={form[k]} onChange={set(k)} className={input} name={k}>
        <option value="">any</option>
        {list.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="space-y-6">
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <section>
        <h2 className="mb-2 font-semibold">New queue</h2>
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col text-sm">
            Name
            <input value={form.name} onChange={set("name")} className={input} name="name" required />
          </label>
          <label className="flex flex-col text-sm">
            Sampling
            <select value={form.sampling} onChange={set("sampling")} className={input} name="sampling">
              {SAMPLINGS.map((s) => (
                <option key={s} value={s}>
                  {s === "random" ? "random" : `stratified by ${s}`}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col text-sm">
            Rounds
            <input type="number" min={1} max={2000} value={form.size} onChange={set("size")} className={`${input} w-24`} name="size" />
          </label>
          <label className="flex flex-col text-sm">
            Annotators per round
            <input
              type="number"
              min={1}
              max={10}
              value={form.annotatorsPerItem}
              onChange={set("annotatorsPerItem")}
              className={`${input} w-24`}
              name="annotatorsPerItem"
            />
          </label>
          <label className="flex flex-col text-sm">
            Seed
            <input value={form.seed} onChange={set("seed")} className={`${input} w-28`} name="seed" />
          </label>
          {select("examinerConfigId", "Examiner configuration", examiners)}
          {select("tournamentId", "Tournament", tournaments)}
          {select("agentId", "Agent", agents)}
          <label className="flex items-center gap-1.5 text-sm">
            <input type="checkbox" name="hideQuestions" checked={hideQuestions} onChange={(e) => setHideQuestions(e.target.checked)} /> Keep
            the sampled questions off public pages until the queue closes
          </label>
          <button type="button" onClick={() => void create()} className="rounded-md bg-sky-700 px-3 py-1.5 text-sm text-white">
            Create queue
          </button>
        </div>
      </section>
      <section>
        <h2 className="mb-2 font-semibold">Queues</h2>
        {queues.length === 0 ? <p className="text-sm text-zinc-500">None yet: create one above.</p> : null}
        <ul className="space-y-1 text-sm" data-testid="console-audit-queues">
          {queues.map((q) => (
            <li key={q.id}>
              {q.name} — {q.sampling}, {q.size} rounds × {q.annotatorsPerItem}, {q.done}/{q.needed} annotations
              {q.hideQuestions ? ", questions off public pages until closed" : ""}
              {q.auditors.length ? ` (${q.auditors.map((a) => `${a.name}: ${a.done}`).join(", ")})` : ""}{" "}
              <a href={`/audit/report?queue=${q.id}`} className="underline">
                items and report
              </a>{" "}
              ·{" "}
              <a href="/audit" className="underline">
                progress
              </a>{" "}
              ·{" "}
              {q.closedAt ? (
                <span className="text-zinc-500">closed</span>
              ) : (
                <button type="button" onClick={() => void run(post(`/api/audit/queues/${q.id}/close`, {}))} className="underline">
                  Close
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h2 className="mb-2 font-semibold">Rounds auditors marked as containing major hallucinations</h2>
        {candidates.length === 0 ? <p className="text-sm text-zinc-500">None.</p> : null}
        <ul className="space-y-2 text-sm" data-testid="void-candidates">
          {candidates.map((c) => (
            <li key={c.roundId} className="flex flex-wrap items-center gap-2">
              <a href={`/matches/${c.matchId}#round-${c.roundNumber}`} className="underline">
                Round {c.roundNumber} of match {c.matchId.slice(-6)}
              </a>
              <span className="text-zinc-500">
                ({c.major} of {c.annotations} auditors: major hallucinations)
              </span>
              <input
                aria-label={`reason for voiding round ${c.roundNumber}`}
                placeholder="why (shown on the match page)"
                value={reasons[c.roundId] ?? ""}
                onChange={(e) => setReasons((r) => ({ ...r, [c.roundId]: e.target.value }))}
                className={`${input} w-72`}
              />
              <button
                type="button"
                onClick={() => void run(post(`/api/audit/rounds/${c.roundId}/void`, { reason: reasons[c.roundId] ?? "" }))}
                className="rounded-md bg-amber-700 px-2 py-1 text-xs text-white"
              >
                Void round
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
