"use client";
import { cloneElement, useCallback, useEffect, useId, useState } from "react";
import Link from "next/link";
import { roundInWords, type TournamentModeName, type TournamentPairingName } from "@arena/core/closed-sets";
import { actionAllowed } from "@arena/tournament/read";
import { buttonClass, inputClass, send } from "../account/client";
import { feedback } from "./feedback";
import { DataTable, type DataColumn } from "@/components/data-table";
import { link } from "@/components/ui";

/** Polls a console list (live progress) and reloads after every action; `loaded` once the first answer came. */
function useList<T>(path: string, pollMs = 0): [T[], () => Promise<void>, boolean] {
  const [rows, setRows] = useState<T[]>([]);
  const [loaded, setLoaded] = useState(false);
  const load = useCallback(async () => {
    const r = await send<T[]>("GET", `/api/console/${path}`);
    if (r.ok && Array.isArray(r.data)) setRows(r.data);
    setLoaded(true);
  }, [path]);
  useEffect(() => {
    void load();
    if (!pollMs) return;
    const t = setInterval(() => void load(), pollMs);
    return () => clearInterval(t);
  }, [load, pollMs]);
  return [rows, load, loaded];
}

function useAction(reload: () => Promise<void>) {
  const [note, setNote] = useState<string | null>(null);
  const act = async (method: string, path: string, body?: unknown) => {
    const r = await send<Record<string, unknown>>(method, `/api/console/${path}`, body ?? {});
    setNote(feedback(method, path, r.ok, r.error ?? `the server answered ${r.status}`));
    await reload();
    return r;
  };
  return { note, setNote, act };
}

/**
 * A form field with its visible label above it (a placeholder is not a label). Tied by id rather
 * than by nesting, so a select's options do not become part of its accessible name.
 */
function Field({ label, children }: { label: string; children: React.ReactElement<{ id?: string }> }) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{label}</label>
      {cloneElement(children, { id })}
    </div>
  );
}

/**
 * A searchable list of checkboxes (named `name`, so the form data carries the ticked values):
 * a filter, all / none over the options shown, and how many are ticked.
 */
function CheckList({ name, label, options, loaded }: { name: string; label: string; options: { value: string; label: string }[]; loaded: boolean }) {
  const [query, setQuery] = useState("");
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const q = query.trim().toLowerCase();
  const shown = q ? options.filter((o) => o.label.toLowerCase().includes(q)) : options;
  const setAll = (on: boolean) =>
    setTicked((t) => {
      const next = new Set(t);
      for (const o of shown) if (on) next.add(o.value);
      else next.delete(o.value);
      return next;
    });
  const toggle = (value: string) =>
    setTicked((t) => {
      const next = new Set(t);
      if (!next.delete(value)) next.add(value);
      return next;
    });
  const count = options.filter((o) => ticked.has(o.value)).length;
  return (
    <fieldset data-testid={`${name}-list`} className="space-y-1">
      <legend className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{label}</legend>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <input type="search" aria-label={`Find ${label.toLowerCase()}`} placeholder="find…" value={query} onChange={(e) => setQuery(e.target.value)} className={`${inputClass} max-w-48`} />
        <button type="button" className="underline" onClick={() => setAll(true)}>{q ? "Select shown" : "Select all"}</button>
        <button type="button" className="underline" onClick={() => setAll(false)}>{q ? "Clear shown" : "Select none"}</button>
        <span aria-live="polite" data-testid={`${name}-count`} className="text-zinc-500">{loaded ? `${count} of ${options.length} selected` : "Loading…"}</span>
      </div>
      <div className="max-h-48 overflow-auto rounded border border-zinc-300 p-1 dark:border-zinc-700">
        {shown.map((o) => (
          <label key={o.value} className="flex items-center gap-2 px-1 py-0.5">
            <input type="checkbox" name={name} value={o.value} checked={ticked.has(o.value)} onChange={() => toggle(o.value)} /> {o.label}
          </label>
        ))}
        {/* Ticked options hidden by the filter still go with the form. */}
        {options.filter((o) => ticked.has(o.value) && !shown.includes(o)).map((o) => <input key={o.value} type="hidden" name={name} value={o.value} />)}
        {loaded && shown.length === 0 ? <p className="px-1 text-zinc-500">{options.length ? "None matches." : "None yet."}</p> : null}
      </div>
    </fieldset>
  );
}

/** The estimate as a small table: calls, USD and time, each with what it rests on. */
function EstimateTable({ e }: { e: Estimate }) {
  const calls = Math.round(e.runsPerAgent * e.agents);
  const usd = `$${e.knownCostUsd.toFixed(2)}${e.unpriced.length ? ` + unknown for ${e.unpriced.length} unpriced agent${e.unpriced.length === 1 ? "" : "s"}` : ""}`;
  const rows = [
    { id: "calls", what: "Agent calls", value: `about ${calls}`, basis: `${e.matches} matches × ${e.roundsPerMatch.toFixed(1)} rounds per match × 2 agents (${e.continuous ? `the first ${e.rounds} rounds of a continuous tournament: only the caps bound it` : `${e.rounds} rounds`}, ${e.agents} agents)` },
    { id: "usd", what: "Cost (USD)", value: usd, basis: e.unpriced.length ? `no priced run yet: ${e.unpriced.join(", ")}` : "each agent's mean cost per research run" },
    { id: "time", what: "Time", value: e.timeMs === null ? "unknown" : `about ${duration(e.timeMs)}`, basis: e.timeMs === null ? "no agent has a timed run yet" : "rounds × rounds per match × the slowest agent's mean research time (a round's matches run side by side)" },
  ];
  const columns: DataColumn<(typeof rows)[number]>[] = [
    { id: "what", header: "Estimate", cell: (r) => r.what },
    { id: "value", header: "Value", numeric: true, cell: (r) => r.value },
    { id: "basis", header: "From", cell: (r) => <span className="text-xs text-zinc-500">{r.basis}</span> },
  ];
  return <DataTable testId="tournament-estimate" caption="Estimate of the tournament" rows={rows} columns={columns} rowKey={(r) => r.id} />;
}

function duration(ms: number): string {
  const minutes = ms / 60_000;
  return minutes < 1 ? `${Math.max(1, Math.round(ms / 1000))} s` : minutes < 90 ? `${Math.round(minutes)} min` : `${(minutes / 60).toFixed(1)} h`;
}

const Note = ({ note }: { note: string | null }) => (note ? <p role="status" className="text-sm">{note}</p> : null);

interface AgentRow {
  id: string;
  name: string;
  description: string | null;
  protocol: string;
  status: string;
  ownerEmail: string | null;
  endpoint: string | null;
  model: string | null;
  healthError: string | null;
  healthErrorClass: string | null;
  healthHttpStatus: number | null;
  healthAt: string | null;
  matches: { finished: number };
}

/** The host an endpoint points at (the address guard's subject), or the text itself if it is no URL. */
function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return endpoint;
  }
}

/** What the last health check found, in a line: when, the class and HTTP status of a failure. */
function healthLine(a: AgentRow): string | null {
  if (!a.healthAt) return a.endpoint ? "not checked yet" : null;
  const when = new Date(a.healthAt).toISOString().slice(0, 16).replace("T", " ");
  if (!a.healthError) return `healthy at ${when} UTC`;
  return `failed at ${when} UTC${a.healthErrorClass ? ` (${a.healthErrorClass}${a.healthHttpStatus ? `, HTTP ${a.healthHttpStatus}` : ""})` : ""}`;
}

/** Built-in and simulated agents have no endpoint: say what they are instead. */
const PROTOCOL_WORDS: Record<string, string> = { builtin: "built-in (researches the sandbox search)", simulated: "simulated (planted skill)" };

function agentColumns(approve: (a: AgentRow) => void, act: (method: string, path: string) => Promise<unknown>): DataColumn<AgentRow>[] {
  return [
    {
      id: "name",
      header: "Agent",
      sortValue: (a) => a.name.toLowerCase(),
      cell: (a) => (
        <>
          <a href={`/agents/${a.id}`} className="font-medium text-sky-700 hover:underline dark:text-sky-400">{a.name}</a>
          <div className="text-xs text-zinc-500 dark:text-zinc-400">
            {PROTOCOL_WORDS[a.protocol] ?? `${a.protocol}${a.model ? ` · ${a.model}` : ""}`}
            {a.endpoint ? <> · host <code data-testid="agent-host">{hostOf(a.endpoint)}</code></> : null}
          </div>
          {/* What an approver reads before approving: the owner's description as plain text, clipped. */}
          {a.description ? <p data-testid="agent-description" className="mt-0.5 line-clamp-3 max-w-md text-xs whitespace-pre-line text-zinc-700 dark:text-zinc-300" title={a.description}>{a.description}</p> : null}
        </>
      ),
    },
    { id: "owner", header: "Owner", sortValue: (a) => a.ownerEmail ?? "", cell: (a) => a.ownerEmail ?? "operator" },
    {
      id: "status",
      header: "Status",
      sortValue: (a) => a.status,
      cell: (a) => (
        <>
          <span data-testid="agent-status">{a.status}</span>
          {healthLine(a) ? <div data-testid="agent-health" className="text-xs text-zinc-500 dark:text-zinc-400">{healthLine(a)}</div> : null}
          {a.healthError ? <div className="text-xs text-red-700 dark:text-red-400">{a.healthError}</div> : null}
        </>
      ),
    },
    { id: "finished", header: "Finished matches", numeric: true, sortValue: (a) => a.matches.finished, cell: (a) => a.matches.finished },
    {
      id: "actions",
      header: "Actions",
      cell: (a) => (
        <span className="space-x-2 whitespace-nowrap">
          {a.status === "pending" && <button type="button" className={buttonClass} onClick={() => approve(a)}>Approve</button>}
          {a.status !== "disabled" && a.status !== "retired" && a.status !== "withdrawn" && <button type="button" className="underline" onClick={() => void act("POST", `agents/${a.id}/disable`)}>Disable</button>}
          {a.status !== "retired" && a.status !== "withdrawn" && <button type="button" className="underline" onClick={() => void act("POST", `agents/${a.id}/recheck`)}>Re-check health</button>}
        </span>
      ),
    },
  ];
}

export function AgentsPanel() {
  const [rows, load, loaded] = useList<AgentRow>("agents", 3000);
  const { note, setNote, act } = useAction(load);
  const approve = async (a: AgentRow) => {
    const r = await act("POST", `agents/${a.id}/approve`);
    const joined = r.data.joined as { round: number } | null | undefined;
    if (r.ok) setNote(joined ? `${a.name} is approved and plays in the open tournament from round ${joined.round}.` : `${a.name} is approved; no running tournament has a round left to join.`);
  };
  const columns = agentColumns((a) => void approve(a), act);
  if (loaded && rows.length === 0) {
    return (
      <div className="rounded-md border border-dashed border-zinc-300 p-6 text-sm dark:border-zinc-700" data-testid="agents-empty">
        <p className="font-medium">No agent yet.</p>
        <p className="mt-1 text-zinc-600 dark:text-zinc-400">
          Owners submit agents at <a href="/agents/new" className="underline">Submit an agent</a>; operators add one with <code>npx arena agent add</code>, or
          simulated ones with <code>npm run demo</code>. They appear here to approve, disable or re-check.
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <Note note={note} />
      <DataTable testId="console-agents" caption="Every agent of the arena" rows={rows} columns={columns} rowKey={(a) => a.id} rowProps={(a) => ({ "data-agent": a.name })} filter={{ label: "Find agent", text: (a) => `${a.name} ${a.ownerEmail ?? ""} ${a.protocol}` }} empty={loaded ? undefined : "Loading agents…"} />
    </div>
  );
}

interface Settings { openSignUp: boolean; autoApproval: boolean }
interface HostRow { id: string; pattern: string; note: string | null }

export function SettingsPanel() {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [hosts, loadHosts] = useList<HostRow>("allowed-hosts");
  const { note, act } = useAction(loadHosts);
  useEffect(() => void send<Settings>("GET", "/api/console/settings").then((r) => r.ok && setSettings(r.data)), []);
  const toggle = async (key: keyof Settings) => {
    const r = await send<Settings>("POST", "/api/console/settings", { [key]: !settings![key] });
    if (r.ok) setSettings(r.data);
  };
  if (!settings) return <p>Loading…</p>;
  return (
    <div className="space-y-4">
      <label className="flex items-center gap-2 text-sm"><input type="checkbox" checked={settings.openSignUp} onChange={() => void toggle("openSignUp")} /> Open sign-up (owners create their own accounts)</label>
      <label className="flex items-center gap-2 text-sm"><input type="checkbox" checked={settings.autoApproval} onChange={() => void toggle("autoApproval")} /> Auto-approval of submitted agents</label>
      <h2 className="font-semibold">Address-guard allow-list</h2>
      <Note note={note} />
      <form className="flex max-w-lg items-end gap-2 text-sm" onSubmit={(e) => { e.preventDefault(); const f = new FormData(e.currentTarget); void act("POST", "allowed-hosts", { pattern: String(f.get("pattern")), note: String(f.get("note") || "") || null }); e.currentTarget.reset(); }}>
        <Field label="Host pattern"><input name="pattern" required placeholder="host, IP, CIDR or host:port" className={inputClass} /></Field>
        <Field label="Note"><input name="note" className={inputClass} /></Field>
        <button type="submit" className={buttonClass}>Allow</button>
      </form>
      <ul className="text-sm">{hosts.map((h) => <li key={h.id}><code>{h.pattern}</code> {h.note} <button type="button" className="underline" onClick={() => void act("DELETE", `allowed-hosts/${h.id}`)}>Remove</button></li>)}</ul>
    </div>
  );
}

interface TournamentRow {
  id: string;
  name: string;
  status: string;
  mode: TournamentModeName;
  pairing: TournamentPairingName;
  currentRound: number;
  swissRounds: number;
  matches?: { completed: number; total: number };
  participantIds: string[];
}
interface Estimate {
  agents: number;
  rounds: number;
  matches: number;
  runsPerAgent: number;
  roundsPerMatch: number;
  knownCostUsd: number;
  unpriced: string[];
  timeMs: number | null;
  /** Set by the form: a continuous tournament's estimate covers its first rounds only. */
  continuous?: boolean;
}
interface Named { id: string; name: string }
interface TreeRow { id: string; title: string | null; rootUrl: string; nodes: number; retiredAt: string | null; matches: number }

function tournamentColumns(agents: Named[], act: (method: string, path: string, body?: unknown) => Promise<unknown>): DataColumn<TournamentRow>[] {
  return [
    { id: "name", header: "Tournament", sortValue: (t) => t.name.toLowerCase(), cell: (t) => <Link href={`/tournaments/${t.id}`} className={link}>{t.name}</Link> },
    { id: "status", header: "Status", sortValue: (t) => t.status, cell: (t) => t.status },
    { id: "round", header: "Round", numeric: true, sortValue: (t) => t.currentRound, cell: (t) => roundInWords(t) },
    { id: "matches", header: "Matches", numeric: true, sortValue: (t) => t.matches?.completed, cell: (t) => (t.matches ? `${t.matches.completed}/${t.matches.total}` : "") },
    {
      id: "actions",
      header: "Actions",
      cell: (t) => (
        <span className="space-x-2 whitespace-nowrap">
          {(["start", "pause", "resume", "cancel"] as const).filter((a) => actionAllowed(a, t.status)).map((a) => <button key={a} type="button" className="underline" onClick={() => void act("POST", `tournaments/${t.id}/${a}`)}>{a}</button>)}
          {actionAllowed("addAgent", t.status) && (t.mode === "continuous" || t.currentRound < t.swissRounds) && <select aria-label={`add agent to ${t.name}`} className="text-xs" defaultValue="" onChange={(e) => e.target.value && void act("POST", `tournaments/${t.id}/add-agent`, { agentId: e.target.value })}>
            <option value="">add agent…</option>
            {agents.filter((a) => !t.participantIds.includes(a.id)).map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
          </select>}
        </span>
      ),
    },
  ];
}

const selected = (f: FormData, k: string) => f.getAll(k).map(String);

export function TournamentsPanel() {
  const [rows, load, loaded] = useList<TournamentRow>("tournaments", 2000);
  const [agents, , agentsLoaded] = useList<Named>("agent-choices");
  const [trees, , treesLoaded] = useList<TreeRow>("trees");
  const [examiners, , examinersLoaded] = useList<Named>("examiners");
  const { note, act } = useAction(load);
  // Until every list has come, the form would send an empty choice (no examiner configuration yet).
  const ready = agentsLoaded && treesLoaded && examinersLoaded;
  const [estimate, setEstimate] = useState<Estimate | null>(null);
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
  // The estimate (calls, cost, time) shows before and after creating.
  const create = (form: HTMLFormElement) => {
    const sent = body(form);
    void act("POST", "tournaments", sent).then((r) => {
      if (!r.ok) return;
      const e = r.data.estimate as Estimate | undefined;
      setEstimate(e ? { ...e, continuous: sent.mode === "continuous" } : null);
      setFormKey((k) => k + 1);
    });
  };
  const estimateFor = (form: HTMLFormElement) => {
    const sent = body(form);
    void act("POST", "tournaments/estimate", sent).then((r) => setEstimate(r.ok ? { ...(r.data as unknown as Estimate), continuous: sent.mode === "continuous" } : null));
  };
  return (
    <div className="space-y-4">
      <Note note={note} />
      <DataTable testId="console-tournaments" caption="Tournaments" rows={rows} columns={tournamentColumns(agents, act)} rowKey={(t) => t.id} rowProps={(t) => ({ "data-tournament": t.name })} empty={loaded ? "No tournament yet: create one below." : "Loading tournaments…"} />
      <h2 className="font-semibold">New tournament</h2>
      <p className="text-xs text-zinc-500">Approved agents that are not disabled, and trees not retired.</p>
      <form key={formKey} className="grid max-w-2xl gap-2 text-sm" onSubmit={(e) => { e.preventDefault(); create(e.currentTarget); }}>
        <Field label="Name"><input name="name" required className={inputClass} /></Field>
        <CheckList name="agentIds" label="Agents" loaded={agentsLoaded} options={agents.map((a) => ({ value: a.id, label: a.name }))} />
        <CheckList name="treeIds" label="Trees" loaded={treesLoaded} options={trees.filter((t) => !t.retiredAt).map((t) => ({ value: t.id, label: `${t.title ?? t.rootUrl} (${t.nodes})` }))} />
        <Field label="Examiner configuration"><select name="examinerConfigId" className={inputClass}>{examiners.map((x) => <option key={x.id} value={x.id}>{x.name}</option>)}</select></Field>
        <Field label="Rounds"><input name="swissRounds" type="number" min={1} max={64} placeholder="default ⌈log2 n⌉+1; continuous: the rounds the estimate covers" className={inputClass} /></Field>
        <Field label="Trees per pairing"><input name="treesPerPairing" type="number" min={1} placeholder="default: all" className={inputClass} /></Field>
        <Field label="Pairing"><select name="pairing" defaultValue="swiss" className={inputClass}><option value="swiss">Swiss (the paper's)</option><option value="info">information-seeking</option></select></Field>
        <Field label="Mode"><select name="mode" defaultValue="rounds" className={inputClass}><option value="rounds">a fixed number of rounds (the paper's)</option><option value="continuous">continuous: no last round, agents join and leave</option></select></Field>
        <Field label="Cost cap (USD)"><input name="costCapUsd" type="number" min={0.01} step={0.01} placeholder="none" className={inputClass} /></Field>
        <Field label="Per-agent cap (USD)"><input name="agentCapUsd" type="number" min={0.01} step={0.01} placeholder="none" className={inputClass} /></Field>
        <div className="flex gap-2">
          <button type="button" disabled={!ready} className={buttonClass} onClick={(e) => { const form = e.currentTarget.form; if (form?.reportValidity()) estimateFor(form); }}>Estimate</button>
          <button type="submit" disabled={!ready} className={buttonClass}>Create (draft)</button>
        </div>
      </form>
      {estimate && <div className="max-w-2xl"><EstimateTable e={estimate} /></div>}
    </div>
  );
}

interface ExaminerRow { id: string; name: string; mode: string; hasKey: boolean }

type Act = (method: string, path: string, body?: unknown) => Promise<{ ok: boolean; data: Record<string, unknown> }>;

function examinerColumns(act: Act, setNote: (note: string) => void): DataColumn<ExaminerRow>[] {
  const test = (x: ExaminerRow) => void act("POST", `examiners/${x.id}/test`).then((r) => r.ok && setNote(`${x.name}: ${r.data.ok ? "answered" : "failed"} in ${String(r.data.latencyMs)} ms: ${String(r.data.detail)}`));
  return [
    { id: "name", header: "Configuration", sortValue: (x) => x.name.toLowerCase(), cell: (x) => <code>{x.name}</code> },
    { id: "mode", header: "Mode", sortValue: (x) => x.mode, cell: (x) => x.mode },
    { id: "key", header: "Key", cell: (x) => (x.mode === "llm" ? (x.hasKey ? "set" : "none") : "n/a") },
    {
      id: "actions",
      header: "Actions",
      cell: (x) => (
        <span className="flex flex-wrap items-center gap-2">
          <button type="button" className="underline" onClick={() => test(x)}>Test connection</button>
          {x.mode === "llm" && (
            <form className="flex gap-1" onSubmit={(e) => { e.preventDefault(); void act("POST", `examiners/${x.id}/key`, { apiKey: String(new FormData(e.currentTarget).get("apiKey")) }); e.currentTarget.reset(); }}>
              <input name="apiKey" type="password" required autoComplete="off" placeholder="new key" aria-label={`new key for ${x.name}`} className={inputClass} />
              <button type="submit" className={buttonClass}>Rotate key</button>
            </form>
          )}
        </span>
      ),
    },
  ];
}

export function ExaminersPanel() {
  const [rows, load, loaded] = useList<ExaminerRow>("examiners");
  const { note, setNote, act } = useAction(load);
  return (
    <div className="space-y-4">
      <Note note={note} />
      <DataTable testId="console-examiners" caption="Examiner configurations" rows={rows} columns={examinerColumns(act, setNote)} rowKey={(x) => x.id} rowProps={(x) => ({ "data-examiner": x.name })} empty={loaded ? "No examiner configuration yet: create one below." : "Loading configurations…"} />
      <h2 className="font-semibold">New llm configuration</h2>
      <form className="grid max-w-xl gap-2 text-sm" onSubmit={(e) => { e.preventDefault(); const f = new FormData(e.currentTarget); void act("POST", "examiners", { mode: "llm", baseUrl: String(f.get("baseUrl")), model: String(f.get("model")), ...(f.get("apiKey") ? { apiKey: String(f.get("apiKey")) } : {}), generationTemperature: Number(f.get("generationTemperature")), judgeTemperature: Number(f.get("judgeTemperature")), doubleJudge: f.get("doubleJudge") === "on" }); }}>
        <Field label="Base URL"><input name="baseUrl" required placeholder="https://llm.example.org/v1" className={inputClass} /></Field>
        <Field label="Model"><input name="model" required className={inputClass} /></Field>
        <Field label="API key (stored encrypted)"><input name="apiKey" type="password" autoComplete="off" className={inputClass} /></Field>
        <Field label="Generation temperature"><input name="generationTemperature" type="number" step="0.1" min={0} max={2} defaultValue={0.7} className={inputClass} /></Field>
        <Field label="Judge temperature"><input name="judgeTemperature" type="number" step="0.1" min={0} max={2} defaultValue={0.1} className={inputClass} /></Field>
        <label className="flex items-center gap-2"><input name="doubleJudge" type="checkbox" /> Double judging (seats swapped)</label>
        <button type="submit" className={buttonClass}>Create</button>
      </form>
      <form className="flex max-w-xl items-end gap-2 text-sm" onSubmit={(e) => { e.preventDefault(); void act("POST", "examiners", { mode: "heuristic", name: String(new FormData(e.currentTarget).get("name")) }); }}>
        <Field label="Heuristic configuration name"><input name="name" required placeholder="heuristic:name" className={inputClass} /></Field>
        <button type="submit" className={buttonClass}>Create heuristic</button>
      </form>
    </div>
  );
}

interface CrawlRow { id: string; rootUrl: string; status: string; pagesDone: number; pagesFailed: number; error: string | null }

export function TreesPanel() {
  const [rows, load, loaded] = useList<TreeRow>("trees", 3000);
  const [crawls] = useList<CrawlRow>("crawls", 1000);
  const { note, setNote, act } = useAction(load);
  // A re-upload waits here for the operator's choice: keep the stored tree, or replace it.
  const [duplicate, setDuplicate] = useState<{ file: string; text: string; message: string } | null>(null);
  const send1 = async (file: string, text: string, onDuplicate: "ask" | "keep" | "replace") => {
    const r = await act("POST", "trees", { file, text, onDuplicate });
    if (r.status === 409) {
      // The choice box says it; the note below would repeat it as a failure.
      setNote(null);
      return setDuplicate({ file, text, message: r.error ?? "This tree is stored already." });
    }
    setDuplicate(null);
    // The import error starts with the file name; the sentence names the file once.
    if (!r.ok) return setNote(`${file} was not imported. ${(r.error ?? `The server answered ${r.status}.`).replace(`${file}: `, "")}`);
    const t = r.data as unknown as { title: string | null; rootUrl: string; nodes: number };
    const how = onDuplicate === "keep" ? "The stored copy is kept" : onDuplicate === "replace" ? "Imported; the stored copy is retired" : "Imported";
    setNote(`${how}: ${file}, “${t.title ?? t.rootUrl}”, ${t.nodes} nodes.`);
  };
  const upload = async (files: FileList) => {
    for (const file of Array.from(files)) await send1(file.name, await file.text(), "ask");
  };
  const treeColumns: DataColumn<TreeRow>[] = [
    { id: "title", header: "Tree", sortValue: (t) => (t.title ?? t.rootUrl).toLowerCase(), cell: (t) => <a href={`/trees/${t.id}`} className="text-sky-700 hover:underline dark:text-sky-400">{t.title ?? t.rootUrl}</a> },
    { id: "nodes", header: "Nodes", numeric: true, sortValue: (t) => t.nodes, cell: (t) => t.nodes },
    { id: "matches", header: "Matches", numeric: true, sortValue: (t) => t.matches, cell: (t) => t.matches },
    {
      id: "state",
      header: "State",
      sortValue: (t) => (t.retiredAt ? 1 : 0),
      cell: (t) =>
        t.retiredAt ? (
          <span title="New matches skip it; its matches stay">retired {t.retiredAt.slice(0, 10)}</span>
        ) : (
          <button type="button" className="underline" onClick={() => void act("POST", `trees/${t.id}/retire`)}>Retire</button>
        ),
    },
  ];
  return (
    <div className="space-y-4">
      <label className="block text-sm">Upload DR-Arena tree JSON files (20 MB and 64 levels at most) <input type="file" accept=".json,application/json" multiple aria-label="tree files" onChange={(e) => e.target.files && void upload(e.target.files)} /></label>
      {duplicate ? (
        <div role="alert" data-testid="tree-duplicate" className="rounded-md border border-amber-500 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
          <p>{duplicate.file}: {duplicate.message}</p>
          <div className="mt-2 flex gap-3">
            <button type="button" className={buttonClass} onClick={() => void send1(duplicate.file, duplicate.text, "keep")}>Keep the stored one</button>
            <button type="button" className={buttonClass} onClick={() => void send1(duplicate.file, duplicate.text, "replace")}>Replace it</button>
          </div>
        </div>
      ) : null}
      <Note note={note} />
      <h2 className="font-semibold">Crawl from a hub page</h2>
      <form className="flex max-w-2xl flex-wrap items-end gap-2 text-sm" onSubmit={(e) => { e.preventDefault(); const f = new FormData(e.currentTarget); void act("POST", "crawls", { rootUrl: String(f.get("rootUrl")), maxDepth: Number(f.get("maxDepth")), fanOut: Number(f.get("fanOut")) }); }}>
        <Field label="Root URL"><input name="rootUrl" required placeholder="https://hub.example.org/" className={inputClass} /></Field>
        <Field label="Depth"><input name="maxDepth" type="number" min={0} max={8} defaultValue={2} className="w-16 rounded border px-1" /></Field>
        <Field label="Fan-out"><input name="fanOut" type="number" min={1} max={50} defaultValue={5} className="w-16 rounded border px-1" /></Field>
        <button type="submit" className={buttonClass}>Crawl</button>
      </form>
      <ul className="text-sm" aria-label="crawl jobs">
        {crawls.map((c) => (
          <li key={c.id}>
            {c.rootUrl} · {c.status} · {c.pagesDone} pages, {c.pagesFailed} failed{c.error ? ` · ${c.error}` : ""}{" "}
            {(c.status === "queued" || c.status === "running") && <button type="button" className="underline" onClick={() => void act("POST", `crawls/${c.id}/cancel`)}>Cancel</button>}
          </li>
        ))}
      </ul>
      <h2 className="font-semibold">Synthetic world</h2>
      <form className="flex max-w-xl items-end gap-2 text-sm" onSubmit={(e) => { e.preventDefault(); void act("POST", "worlds", { seed: String(new FormData(e.currentTarget).get("seed")) }); }}>
        <Field label="World seed"><input name="seed" required pattern="[A-Za-z0-9_-]{1,64}" className={inputClass} /></Field>
        <button type="submit" className={buttonClass}>Generate</button>
      </form>
      <h2 className="font-semibold">Stored trees</h2>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">A retired tree plays no new match; it is never deleted, so the matches played on it keep their rounds and ratings.</p>
      <DataTable testId="console-trees" caption="Stored trees" rows={rows} columns={treeColumns} rowKey={(t) => t.id} rowProps={(t) => ({ "data-tree": t.id, "data-retired": t.retiredAt ? "true" : "false" })} filter={{ label: "Find tree", text: (t) => `${t.title ?? ""} ${t.rootUrl}` }} empty={loaded ? undefined : "Loading trees…"} />
    </div>
  );
}
