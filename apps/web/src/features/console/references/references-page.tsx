"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { PeopleLeaderboard, ReferencesView, ReferenceView, VoterRow } from "@arena/votes/read";
import { row, Section, TableScroll, td, tdNum, th, thNum } from "@/components/ui";
import {
  createReferenceAction,
  deleteReferenceAction,
  excludeVoterAction,
  includeVoterAction,
  recomputeReferenceAction,
  updateMappingAction,
  type ActionResult,
} from "./actions";

const input = "rounded-md border border-zinc-300 px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900";
const button = "rounded-md border border-zinc-300 px-2 py-1 text-sm hover:bg-zinc-100 disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800";
const percent = (x: number | null) => (x === null ? "—" : `${Math.round(x * 100)} %`);

/** Runs a server action, shows its refusal, refreshes the page's data after a success. */
function useAction() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const run = (action: () => Promise<ActionResult>, after?: () => void) =>
    start(async () => {
      const result = await action();
      setError(result.ok ? null : result.error);
      if (result.ok) {
        after?.();
        router.refresh();
      }
    });
  return { error, pending, run };
}

function ErrorLine({ error }: { error: string | null }) {
  return error ? <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error}</p> : null;
}

/** Console: the people's agreement, the voters (exclude / include) and the reference leaderboards. */
export function ReferencesConsole({ people, voters, references, examiners }: { people: PeopleLeaderboard; voters: VoterRow[]; references: ReferencesView; examiners: { id: string; name: string }[] }) {
  const left = people.agreement?.leftOut;
  return (
    <div className="space-y-6">
      <Section title="People's leaderboard">
        <p className="text-sm">
          Every round: <span data-testid="people-line">{people.agreementLine}</span>
          {people.comparedWith ? <> (against {people.comparedWith.name})</> : null}.{" "}
          {people.snapshot ? <>{people.snapshot.votesCounted.toLocaleString("en-US")} verdicts counted</> : "no snapshot yet"}
          {left ? <>; left out: {left.owner} on own agents, {left.excluded} of excluded voters, {left.lowGold} below the gold threshold, {left.voided} on voided rounds</> : null}.{" "}
          <Link className="underline" href="/leaderboard?by=people">People&apos;s leaderboard</Link>
        </p>
      </Section>
      <Voters voters={voters} />
      <References view={references} examiners={examiners} />
    </div>
  );
}

function Voters({ voters }: { voters: VoterRow[] }) {
  const { error, pending, run } = useAction();
  const [reasons, setReasons] = useState<Record<string, string>>({});
  return (
    <Section title="Voters">
      <ErrorLine error={error} />
      {voters.length === 0 ? (
        <p className="text-sm text-zinc-500">No votes yet.</p>
      ) : (
        <TableScroll>
          <table className="w-full text-sm">
            <thead>
              <tr>
                <th className={th}>Voter</th>
                <th className={thNum}>Votes</th>
                <th className={thNum}>Own agents</th>
                <th className={thNum}>Gold</th>
                <th className={thNum}>Gold agreement</th>
                <th className={th}>Counted</th>
                <th className={th}>Exclude / include</th>
              </tr>
            </thead>
            <tbody>
              {voters.map((v) => (
                <tr key={v.voterId} className={row} data-testid="voter-row">
                  <td className={td}>
                    {v.name} <span className="text-zinc-500">{v.email}</span>
                  </td>
                  <td className={tdNum}>{v.votes}</td>
                  <td className={tdNum}>{v.ownAgentVotes}</td>
                  <td className={tdNum}>{v.goldVotes}</td>
                  <td className={tdNum}>{percent(v.goldAgreement)}</td>
                  <td className={td}>
                    {v.excluded ? `excluded by ${v.excluded.by}: ${v.excluded.reason}` : v.belowThreshold ? "no: below the gold threshold" : "yes"}
                  </td>
                  <td className={td}>
                    {v.excluded ? (
                      <button type="button" className={button} disabled={pending} onClick={() => run(() => includeVoterAction(v.voterId))}>
                        Include again
                      </button>
                    ) : (
                      <span className="flex gap-1">
                        <input
                          className={input}
                          aria-label={`Reason to exclude ${v.email}`}
                          placeholder="reason"
                          value={reasons[v.voterId] ?? ""}
                          onChange={(e) => setReasons((r) => ({ ...r, [v.voterId]: e.target.value }))}
                        />
                        <button type="button" className={button} disabled={pending} onClick={() => run(() => excludeVoterAction(v.voterId, reasons[v.voterId] ?? ""))}>
                          Exclude
                        </button>
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <p className="text-xs text-zinc-500">Excluded votes are kept, never deleted; the people&apos;s leaderboard is recomputed by the workers within seconds.</p>
    </Section>
  );
}

function References({ view, examiners }: { view: ReferencesView; examiners: { id: string; name: string }[] }) {
  const { error, pending, run } = useAction();
  const blank = { name: "", source: "", date: new Date().toISOString().slice(0, 10), text: "", examinerConfigId: "" };
  const [form, setForm] = useState(blank);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const upload = async (file: File | undefined) => {
    if (!file) return;
    const text = await file.text();
    setForm((f) => ({ ...f, text }));
  };
  const store = () =>
    run(
      () => createReferenceAction({ name: form.name, source: form.source, date: form.date, text: form.text, ...(form.examinerConfigId ? { examinerConfigId: form.examinerConfigId } : {}) }),
      () => setForm(blank),
    );
  return (
    <Section title="Reference leaderboards">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        An external leaderboard (one <code>name,score</code> line per entry) with its names mapped to agents: its agreement with the examiner&apos;s ratings (Spearman&apos;s ρ, Kendall&apos;s τ-b, 95 % intervals over resampled agents) needs {view.minAgents} mapped agents the examiner rates.
      </p>
      <form
        className="grid gap-2 sm:grid-cols-2"
        aria-label="Store a reference leaderboard"
        onSubmit={(e) => {
          e.preventDefault();
          store();
        }}
      >
        <label className="flex flex-col text-sm">
          Name
          <input className={input} value={form.name} onChange={set("name")} required />
        </label>
        <label className="flex flex-col text-sm">
          Source link
          <input className={input} type="url" value={form.source} onChange={set("source")} placeholder="https://…" />
        </label>
        <label className="flex flex-col text-sm">
          Date
          <input className={input} type="date" value={form.date} onChange={set("date")} required />
        </label>
        <label className="flex flex-col text-sm">
          Compare with
          <select className={input} value={form.examinerConfigId} onChange={set("examinerConfigId")}>
            <option value="">the examiner the leaderboard shows first</option>
            {examiners.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm sm:col-span-2">
          name,score lines
          <textarea className={`${input} font-mono`} rows={6} value={form.text} onChange={set("text")} required placeholder={"agent one,1201\nagent two,1142"} />
        </label>
        <label className="flex flex-col text-sm">
          or upload a file (CSV or text)
          <input type="file" accept=".csv,.txt,.tsv,text/plain,text/csv" onChange={(e) => void upload(e.target.files?.[0])} />
        </label>
        <div className="flex items-end">
          <button type="submit" className={button} disabled={pending}>
            Store
          </button>
        </div>
      </form>
      <ErrorLine error={error} />
      {view.references.map((r) => (
        <Reference key={r.id} reference={r} agents={view.agents} />
      ))}
    </Section>
  );
}

function Reference({ reference: r, agents }: { reference: ReferenceView; agents: { id: string; name: string }[] }) {
  const { error, pending, run } = useAction();
  const [mapping, setMapping] = useState<Record<string, string | null>>(() => Object.fromEntries(r.entries.map((e) => [e.name, e.agentId])));
  const changed = r.entries.some((e) => (mapping[e.name] ?? null) !== e.agentId);
  return (
    <article className="space-y-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800" aria-label={`Reference leaderboard ${r.name}`}>
      <h3 className="font-medium">
        {r.name} <span className="text-sm font-normal text-zinc-500">of {r.date}</span>{" "}
        {r.source ? (
          <a className="text-sm underline" href={r.source} rel="noopener noreferrer nofollow" target="_blank">
            source
          </a>
        ) : null}
      </h3>
      <p className="text-sm" data-testid="reference-line">
        {r.line}
        {r.examinerName ? ` against ${r.examinerName}` : ""}
        {r.agreement ? `, computed ${r.agreement.computedAt.slice(0, 16).replace("T", " ")} UTC` : ""}
      </p>
      <ErrorLine error={error} />
      <TableScroll>
        <table className="w-full text-sm">
          <thead>
            <tr>
              <th className={th}>Name there</th>
              <th className={thNum}>Score</th>
              <th className={th}>Agent here</th>
            </tr>
          </thead>
          <tbody>
            {r.entries.map((e) => (
              <tr key={e.name} className={row}>
                <td className={td}>{e.name}</td>
                <td className={tdNum}>{e.score}</td>
                <td className={td}>
                  <select className={input} aria-label={`Agent for ${e.name}`} value={mapping[e.name] ?? ""} onChange={(ev) => setMapping((m) => ({ ...m, [e.name]: ev.target.value || null }))}>
                    <option value="">no agent</option>
                    {agents.map((a) => (
                      <option key={a.id} value={a.id}>
                        {a.name}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={button} disabled={pending || !changed} onClick={() => run(() => updateMappingAction(r.id, mapping))}>
          Save mapping
        </button>
        <button type="button" className={button} disabled={pending} onClick={() => run(() => recomputeReferenceAction(r.id))}>
          Recompute against the newest ratings
        </button>
        <button type="button" className={button} disabled={pending} onClick={() => window.confirm(`Delete the reference leaderboard ${r.name}?`) && run(() => deleteReferenceAction(r.id))}>
          Delete
        </button>
      </div>
    </article>
  );
}
