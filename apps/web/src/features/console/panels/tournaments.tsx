"use client";
import { useState } from "react";
import Link from "@/components/link";
import { DEFAULT_PAIRING, PAIRING_RULES, roundInWords, TOURNAMENT_PAIRINGS } from "@arena/core/pairing-rules";
import { actionAllowed, tournamentEstimateSchema } from "@arena/tournament/read";
import { buttonClass, inputClass } from "../../account/client";
import { DataTable, type DataColumn } from "@/components/data-table";
import { link } from "@/components/ui";
import { CheckList } from "./check-list";
import { EstimateTable } from "./estimate-table";
import type { AgentChoice, Estimate, ExaminerRow, TournamentRow, TreeRow } from "./rows";
import { Field, Note, useAction, useList, type Act } from "./shared";

function tournamentColumns(agents: AgentChoice[], act: Act): DataColumn<TournamentRow>[] {
  return [
    {
      id: "name",
      header: "Tournament",
      sortValue: (t) => t.name.toLowerCase(),
      cell: (t) => (
        <Link href={`/tournaments/${t.id}`} className={link}>
          {t.name}
        </Link>
      ),
    },
    { id: "status", header: "Status", sortValue: (t) => t.status, cell: (t) => t.status },
    { id: "round", header: "Round", numeric: true, sortValue: (t) => t.currentRound, cell: (t) => roundInWords(t) },
    {
      id: "matches",
      header: "Matches",
      numeric: true,
      sortValue: (t) => t.matches?.completed,
      cell: (t) => (t.matches ? `${t.matches.completed}/${t.matches.total}` : ""),
    },
    {
      id: "actions",
      header: "Actions",
      cell: (t) => (
        <span className="space-x-2 whitespace-nowrap">
          {(["start", "pause", "resume", "cancel"] as const)
            .filter((a) => actionAllowed(a, t.status))
            .map((a) => (
              <button key={a} type="button" className="underline" onClick={() => void act("POST", `tournaments/${t.id}/${a}`)}>
                {a}
              </button>
            ))}
          {actionAllowed("addAgent", t.status) && (t.mode === "continuous" || t.currentRound < t.swissRounds) && (
            <select
              aria-label={`add agent to ${t.name}`}
              className="text-xs"
              defaultValue=""
              onChange={(e) => e.target.value && void act("POST", `tournaments/${t.id}/add-agent`, { agentId: e.target.value })}
            >
              <option value="">add agent…</option>
              {agents
                .filter((a) => !t.participantIds.includes(a.id))
                .map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
            </select>
          )}
        </span>
      ),
    },
  ];
}

const selected = (f: FormData, k: string) => f.getAll(k).map(String);

export function TournamentsPanel() {
  const [rows, load, loaded] = useList<TournamentRow>("tournaments", 2000);
  const [agents, , agentsLoaded] = useList<AgentChoice>("agent-choices");
  const [trees, , treesLoaded] = useList<TreeRow>("trees");
  const [examiners, , examinersLoaded] = useList<ExaminerRow>("examiners");
  const { note, act } = useAction(load);
  // Until every list has come, the form would send an empty choice (no examiner configuration yet).
  const ready = agentsLoaded && treesLoaded && examinersLoaded;
  // The estimate of the form as it was when Estimate was pressed (a continuous one covers its first rounds only).
  const [estimate, setEstimate] = useState<{ e: Estimate; continuous: boolean } | null>(null);
  // A new key after each Create gives a blank form (lists unticked): its values no longer invite a second, identical create.
  const [formKey, setFormKey] = useState(0);
  const body = (form: HTMLFormElement) => {
    const f = new FormData(form);
    const num = (k: string) => (f.get(k) ? Number(f.get(k)) : undefined);
    return {
      name: String(f.get("name")),
      agentIds: selected(f, "agentIds"),
      treeIds: selected(f, "treeIds"),
      examinerConfigId: String(f.get("examinerConfigId")),
      pairing: String(f.get("pairing")),
      mode: String(f.get("mode")),
      costCapUsd: num("costCapUsd") ?? null,
      agentCapUsd: num("agentCapUsd") ?? null,
      ...(num("swissRounds") ? { swissRounds: num("swissRounds") } : {}),
      ...(num("treesPerPairing") ? { treesPerPairing: num("treesPerPairing") } : {}),
    };
  };
  // Create blanks the form, and with it the estimate: it described the form just sent.
  const create = (form: HTMLFormElement) => {
    void act("POST", "tournaments", body(form)).then((r) => {
      if (!r.ok) return;
      setEstimate(null);
      setFormKey((k) => k + 1);
    });
  };
  const estimateFor = (form: HTMLFormElement) => {
    const sent = body(form);
    void act("POST", "tournaments/estimate", sent).then((r) =>
      setEstimate(r.ok ? { e: tournamentEstimateSchema.parse(r.data), continuous: sent.mode === "continuous" } : null),
    );
  };
  return (
    <div className="space-y-4">
      <Note note={note} />
      <DataTable
        testId="console-tournaments"
        caption="Tournaments"
        rows={rows}
        columns={tournamentColumns(agents, act)}
        rowKey={(t) => t.id}
        rowProps={(t) => ({ "data-tournament": t.name })}
        empty={loaded ? "No tournament yet: create one below." : "Loading tournaments…"}
      />
      <h2 className="font-semibold">New tournament</h2>
      <p className="text-xs text-zinc-500">Approved agents that are not disabled, and trees not retired.</p>
      <form
        key={formKey}
        className="grid max-w-2xl gap-2 text-sm"
        onSubmit={(e) => {
          e.preventDefault();
          create(e.currentTarget);
        }}
      >
        <Field label="Name">
          <input name="name" required className={inputClass} />
        </Field>
        <CheckList name="agentIds" label="Agents" loaded={agentsLoaded} options={agents.map((a) => ({ value: a.id, label: a.name }))} />
        <CheckList
          name="treeIds"
          label="Trees"
          loaded={treesLoaded}
          options={trees.filter((t) => !t.retiredAt).map((t) => ({ value: t.id, label: `${t.title ?? t.rootUrl} (${t.nodes})` }))}
        />
        <Field label="Examiner configuration">
          <select name="examinerConfigId" className={inputClass}>
            {examiners.map((x) => (
              <option key={x.id} value={x.id}>
                {x.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Rounds">
          <input
            name="swissRounds"
            type="number"
            min={1}
            max={64}
            placeholder="default ⌈log2 n⌉+1; continuous: the rounds the estimate covers"
            className={inputClass}
          />
        </Field>
        <Field label="Trees per pairing">
          <input name="treesPerPairing" type="number" min={1} placeholder="default: all" className={inputClass} />
        </Field>
        <Field label="Pairing">
          <select name="pairing" defaultValue={DEFAULT_PAIRING} className={inputClass}>
            {TOURNAMENT_PAIRINGS.map((p) => (
              <option key={p} value={p}>
                {PAIRING_RULES[p].label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Mode">
          <select name="mode" defaultValue="rounds" className={inputClass}>
            <option value="rounds">a fixed number of rounds (the paper's)</option>
            <option value="continuous">continuous: no last round, agents join and leave</option>
          </select>
        </Field>
        <Field label="Cost cap (USD)">
          <input name="costCapUsd" type="number" min={0.01} step={0.01} placeholder="none" className={inputClass} />
        </Field>
        <Field label="Per-agent cap (USD)">
          <input name="agentCapUsd" type="number" min={0.01} step={0.01} placeholder="none" className={inputClass} />
        </Field>
        <div className="flex gap-2">
          <button
            type="button"
            disabled={!ready}
            className={buttonClass}
            onClick={(e) => {
              const form = e.currentTarget.form;
              if (form?.reportValidity()) estimateFor(form);
            }}
          >
            Estimate
          </button>
          <button type="submit" disabled={!ready} className={buttonClass}>
            Create (draft)
          </button>
        </div>
      </form>
      {estimate && (
        <div className="max-w-2xl">
          <EstimateTable e={estimate.e} continuous={estimate.continuous} />
        </div>
      )}
    </div>
  );
}
