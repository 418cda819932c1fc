"use client";

import Link from "@/components/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { PeopleLeaderboard, ReferencesView, ReferenceView, VoterRow } from "@arena/votes/read";
import { DataTable, type DataColumn } from "@/components/data-table";
import { Section } from "@/components/ui";
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
const button =
  "rounded-md border border-zinc-300 px-2 py-1 text-sm hover:bg-zinc-100 disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800";
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
  return error ? (
    <p role="alert" className="text-sm text-red-700 dark:text-red-400">
      {error}
    </p>
  ) : null;
}

/** Console: the people's agreement, the voters (exclude / include) and the reference leaderboards. */
export function ReferencesConsole({
  people,
  voters,
  references,
  examiners,
}: {
  people: PeopleLeaderboard;
  voters: VoterRow[];
  references: ReferencesView;
  examiners: { id: string; name: string }[];
}) {
  const left = people.agreement?.leftOut;
  return (
    <div className="space-y-6">
      <Section title="People's leaderboard">
        <p className="text-sm">
          Every round: <span data-testid="people-line">{people.agreementLine}</span>
          {people.comparedWith ? <> (against {people.comparedWith.name})</> : null}.{" "}
          {people.snapshot ? <>{people.snapshot.votesCounted.toLocaleString("en-US")} verdicts counted</> : "no snapshot yet"}
          {left ? (
            <>
              ; left out: {left.owner} on own agents, {left.excluded} of excluded voters, {left.lowGold} below the gold threshold,{" "}
              {left.voided} on voided rounds
            </>
          ) : null}
          .{" "}
          <Link className="underline" href="/leaderboard?by=people">
            People&apos;s leaderboard
          </Link>
        </p>
      </Section>
      <Voters voters={voters} />
      <References view={references} examiners={examiners} />
    </div>
  );
}

/** The reason and the button; the reason is this row's own state, so typing re-renders nothing else. */
function ExcludeForm({ email, pending, onExclude }: { email: string; pending: boolean; onExclude: (reason: string) => void }) {
  const [reason, setReason] = useState("");
  return (
    <span className="flex gap-1">
      <input
        className={input}
        aria-label={`Reason to exclude ${email}`}
        placeholder="reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <button type="button" className={button} disabled={pending} onClick={() => onExclude(reason)}>
        Exclude
      </button>
    </span>
  );
}

function Voters({ voters }: { voters: VoterRow[] }) {
  const { error, pending, run } = useAction();
  const voterColumns: DataColumn<VoterRow>[] = [
    {
      id: "voter",
      header: "Voter",
      sortValue: (v) => v.email,
      cell: (v) => (
        <>
          {v.name} <span className="text-zinc-500">{v.email}</span>
        </>
      ),
    },
    { id: "votes", header: "Votes", numeric: true, sortValue: (v) => v.votes, cell: (v) => v.votes },
    {
      id: "own",
      header: "Own agents",
      title: "Votes on rounds of the voter's own agents: kept, never counted",
      numeric: true,
      sortValue: (v) => v.ownAgentVotes,
      cell: (v) => v.ownAgentVotes,
    },
    { id: "gold", header: "Gold", title: "Votes on gold rounds", numeric: true, sortValue: (v) => v.goldVotes, cell: (v) => v.goldVotes },
    {
      id: "goldAgreement",
      header: "Gold agreement",
      title: "Share of gold votes naming the examiner's winner",
      numeric: true,
      sortValue: (v) => v.goldAgreement ?? undefined,
      cell: (v) => percent(v.goldAgreement),
    },
    {
      id: "counted",
      header: "Counted",
      cell: (v) =>
        v.excluded ? `excluded by ${v.excluded.by}: ${v.excluded.reason}` : v.belowThreshold ? "no: below the gold threshold" : "yes",
    },
    {
      id: "action",
      header: "Exclude / include",
      cell: (v) =>
        v.excluded ? (
          <button type="button" className={button} disabled={pending} onClick={() => run(() => includeVoterAction(v.voterId))}>
            Include again
          </button>
        ) : (
          <ExcludeForm email={v.email} pending={pending} onExclude={(reason) => run(() => excludeVoterAction(v.voterId, reason))} />
        ),
    },
  ];
  return (
    <Section title="Voters">
      <ErrorLine error={error} />
      {voters.length === 0 ? (
        <p className="text-sm text-zinc-500">No votes yet.</p>
      ) : (
        <DataTable
          testId="voters-table"
          caption="Voters: one row per account that voted or was excluded"
          rows={voters}
          columns={voterColumns}
          rowKey={(v) => v.voterId}
          rowProps={() => ({ "data-testid": "voter-row" })}
        />
      )}
      <p className="text-xs text-zinc-500">
        Excluded votes are kept, never deleted; the people&apos;s leaderboard is recomputed by the workers within seconds.
      </p>
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
      () =>
        createReferenceAction({
          name: form.name,
          source: form.source,
          date: form.date,
          text: form.text,
          ...(form.examinerConfigId ? { examinerConfigId: form.examinerConfigId } : {}),
        }),
      () => setForm(blank),
    );
  return (
    <Section title="Reference leaderboards">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        An external leaderboard (one <code>name,score</code> line per entry) with its names mapped to agents: its agreement with the
        examiner&apos;s ratings (Spearman&apos;s ρ, Kendall&apos;s τ-b, 95 % intervals over resampled agents) needs {view.minAgents} mapped
        agents the examiner rates.
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
          <textarea
            className={`${input} font-mono`}
            rows={6}
            value={form.text}
            onChange={set("text")}
            required
            placeholder={"agent one,1201\nagent two,1142"}
          />
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
  const [mapping, setMapping] = useState<Record<string, string | null>>(() =>
    Object.fromEntries(r.entries.map((e) => [e.name, e.agentId])),
  );
  const changed = r.entries.some((e) => (mapping[e.name] ?? null) !== e.agentId);
  const mappingColumns: DataColumn<ReferenceView["entries"][number]>[] = [
    { id: "name", header: "Name there", sortValue: (e) => e.name, cell: (e) => e.name },
    { id: "score", header: "Score", numeric: true, sortValue: (e) => e.score, cell: (e) => e.score },
    {
      id: "agent",
      header: "Agent here",
      cell: (e) => (
        <select
          className={input}
          aria-label={`Agent for ${e.name}`}
          value={mapping[e.name] ?? ""}
          onChange={(ev) => setMapping((m) => ({ ...m, [e.name]: ev.target.value || null }))}
        >
          <option value="">no agent</option>
          {agents.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      ),
    },
  ];
  return (
    <article
      className="space-y-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800"
      aria-label={`Reference leaderboard ${r.name}`}
    >
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
      <DataTable
        testId="reference-mapping"
        caption={`${r.name}: its names and the agents they are mapped to`}
        rows={r.entries}
        columns={mappingColumns}
        rowKey={(e) => e.name}
      />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={button}
          disabled={pending || !changed}
          onClick={() => run(() => updateMappingAction(r.id, mapping))}
        >
          Save mapping
        </button>
        <button type="button" className={button} disabled={pending} onClick={() => run(() => recomputeReferenceAction(r.id))}>
          Recompute against the newest ratings
        </button>
        <button
          type="button"
          className={button}
          disabled={pending}
          onClick={() => window.confirm(`Delete the reference leaderboard ${r.name}?`) && run(() => deleteReferenceAction(r.id))}
        >
          Delete
        </button>
      </div>
    </article>
  );
}
