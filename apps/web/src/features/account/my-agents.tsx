"use client";
import Link from "@/components/link";
import { useEffect, useState } from "react";
import type { AgentOverview } from "@arena/agents";
import { agentActionAllowed } from "@arena/agents/actions";
import { describeRating } from "@arena/core/rating-display";
import { UntrustedMarkdown } from "@/components/markdown";
import { DescriptionField } from "../submission/description-field";
import { buttonClass, inputClass, send } from "./client";

const POLL_MS = 2000;
const linkClass = "underline";
const quietButton = "rounded border border-zinc-300 px-2 py-0.5 text-xs disabled:opacity-50 dark:border-zinc-700";

const fmtTime = (iso: string) => new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });

/** Why the last health check failed: class, HTTP status and time, then the detail. */
function HealthFailure({ a }: { a: AgentOverview }) {
  if (!a.healthError) return null;
  return (
    <div data-testid="health-failure" className="mt-1 text-xs text-red-700 dark:text-red-400">
      Last health check failed{a.healthAt ? ` ${fmtTime(a.healthAt)}` : ""}: {a.healthErrorClass ?? "unclassified"}
      {a.healthHttpStatus !== null ? `, HTTP ${a.healthHttpStatus}` : ""}
      <div className="break-all text-zinc-600 dark:text-zinc-400">{a.healthError}</div>
    </div>
  );
}

/**
 * Its agent errors in its recent rounds, by class, with the latest detail of each (which may name
 * the endpoint: this page is its owner's alone). Says why the status is "failing".
 */
function RoundErrors({ a }: { a: AgentOverview }) {
  const e = a.roundErrors;
  if (!e.errors) return null;
  return (
    <div data-testid="round-errors" className="mt-2 text-xs">
      <p className={e.failing ? "text-red-700 dark:text-red-400" : "text-zinc-600 dark:text-zinc-400"}>
        {e.errors} of its last {e.rounds} rounds ended in its error
        {e.failing
          ? ` (${e.consecutive} in a row: failing; it is health-checked before its next pairing and sits the round out if the check fails)`
          : ""}
        :
      </p>
      <ul className="mt-1 space-y-1">
        {e.byClass.map((c) => (
          <li key={c.class} data-error-class={c.class}>
            <span className="font-medium">{c.class}</span> × {c.count}, latest {fmtTime(c.latestAt)} in{" "}
            <Link href={`/matches/${c.matchId}`} className={linkClass}>
              this match
            </Link>
            {c.latestDetail ? <div className="break-all text-zinc-600 dark:text-zinc-400">{c.latestDetail}</div> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The description (Markdown from its owner, rendered as the public page renders it) and its editor. */
function Description({ a, onSaved }: { a: AgentOverview; onSaved: (note: string) => void }) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function save(form: HTMLFormElement) {
    const description = String(new FormData(form).get("description") ?? "");
    const r = await send<{ description: string | null }>("PATCH", `/api/me/agents/${a.id}`, { description });
    if (!r.ok) return setError(r.error);
    setError(null);
    setEditing(false);
    onSaved(`Description of ${a.name} saved.`);
  }
  if (!editing) {
    return (
      <div className="mt-2 text-sm">
        {a.description ? <UntrustedMarkdown text={a.description} testId="description" /> : <p className="text-zinc-500">No description.</p>}
        <button type="button" className={`${quietButton} mt-1`} onClick={() => setEditing(true)}>
          Edit description
        </button>
      </div>
    );
  }
  return (
    <form
      className="mt-2 space-y-1"
      aria-label={`Description of ${a.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        void save(e.currentTarget);
      }}
    >
      <DescriptionField defaultValue={a.description ?? ""} />
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" className={buttonClass}>
          Save description
        </button>
        <button type="button" className={quietButton} onClick={() => setEditing(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * Withdraw (a pending submission), delete (never played) or retire (played: its matches and
 * ratings stay). Each asks to be confirmed with a second click.
 */
function Actions({ a, onDone }: { a: AgentOverview; onDone: (note: string) => void }) {
  const [confirming, setConfirming] = useState<"withdraw" | "remove" | null>(null);
  const [busy, setBusy] = useState(false);
  async function act(method: "POST" | "DELETE", url: string, done: (data: { removed?: string }) => string) {
    setBusy(true);
    const r = await send<{ removed?: string }>(method, url);
    setBusy(false);
    setConfirming(null);
    onDone(r.ok ? done(r.data) : (r.error ?? ""));
  }
  const canWithdraw = agentActionAllowed("withdraw", a.status);
  const canRemove = agentActionAllowed("remove", a.status);
  if (!canWithdraw && !canRemove) return null;
  const remove = a.played ? "Retire" : "Delete";
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      {canWithdraw && confirming === "withdraw" ? (
        <>
          <span className="text-xs">Withdraw {a.name}? An admin can then no longer approve it.</span>
          <button
            type="button"
            disabled={busy}
            className={quietButton}
            onClick={() => void act("POST", `/api/me/agents/${a.id}/withdraw`, () => `${a.name} withdrawn: it will not be approved.`)}
          >
            Yes, withdraw
          </button>
          <button type="button" className={quietButton} onClick={() => setConfirming(null)}>
            Keep it
          </button>
        </>
      ) : canWithdraw && confirming === null ? (
        <button type="button" disabled={busy} className={quietButton} onClick={() => setConfirming("withdraw")}>
          Withdraw
        </button>
      ) : null}
      {confirming === "remove" ? (
        <>
          <span className="text-xs">
            {a.played ? `Retire ${a.name}? It plays no more; its matches and ratings stay.` : `Delete ${a.name} for good?`}
          </span>
          <button
            type="button"
            disabled={busy}
            className={quietButton}
            onClick={() => void act("DELETE", `/api/me/agents/${a.id}`, (d) => `${a.name} ${d.removed ?? "removed"}.`)}
          >
            Yes, {remove.toLowerCase()}
          </button>
          <button type="button" className={quietButton} onClick={() => setConfirming(null)}>
            Keep it
          </button>
        </>
      ) : confirming === "withdraw" || !canRemove ? null : (
        <button type="button" disabled={busy} className={quietButton} onClick={() => setConfirming("remove")}>
          {remove}
        </button>
      )}
    </div>
  );
}

/** The owner's agents, refreshed every two seconds: status, health, description, matches, last result, rating, key and actions. */
export function MyAgents() {
  const [rows, setRows] = useState<AgentOverview[] | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: an action bumps `tick` to reload at once rather than at the next poll
  useEffect(() => {
    let live = true;
    const load = () =>
      fetch("/api/me/agents", { credentials: "same-origin" })
        .then((r) => (r.ok ? r.json() : null))
        .then((d: AgentOverview[] | null) => live && d && setRows(d))
        .catch(() => undefined);
    void load();
    const timer = setInterval(load, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [tick]);
  const done = (message: string) => {
    setNote(message);
    setTick((t) => t + 1);
  };
  async function rotate(id: string, form: HTMLFormElement) {
    const key = String(new FormData(form).get("api_key") ?? "");
    const r = await send<{ ok: boolean; detail: string }>("POST", `/api/me/agents/${id}/key`, { api_key: key || null });
    form.reset();
    done(r.ok ? `Key replaced; health check: ${r.data.ok ? "passed" : "failed"} (${r.data.detail})` : (r.error ?? "failed"));
  }
  if (rows === null) return <p>Loading your agents…</p>;
  if (!rows.length)
    return (
      <p>
        No agents yet:{" "}
        <Link href="/agents/new" className={linkClass}>
          submit one
        </Link>
        .
      </p>
    );
  return (
    <div className="space-y-3">
      {note && (
        <p role="status" className="text-sm">
          {note}
        </p>
      )}
      {rows.map((a) => (
        <article
          key={a.id}
          data-agent={a.name}
          aria-label={a.name}
          className="rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800"
        >
          <header className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-base font-semibold">
              {a.listed ? (
                <Link href={`/agents/${a.id}`} className={linkClass}>
                  {a.name}
                </Link>
              ) : (
                a.name
              )}
              <span className="ml-2 text-xs font-normal text-zinc-500">
                {a.protocol} · {a.endpoint}
              </span>
            </h2>
            <span data-testid="status" className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs font-medium dark:bg-zinc-800">
              {a.status}
            </span>
          </header>
          {!a.listed ? (
            <p className="text-xs text-zinc-500">
              {a.status === "withdrawn"
                ? "Withdrawn: it will not be approved and stays off the public pages."
                : "Not on the public pages until an admin approves it."}
            </p>
          ) : null}
          <HealthFailure a={a} />
          <RoundErrors a={a} />
          <Description a={a} onSaved={done} />
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
            <div>
              <dt className="text-xs text-zinc-500">Matches queued · running</dt>
              <dd className="tabular-nums">
                {a.matches.queued} · {a.matches.running}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-zinc-500">Finished</dt>
              <dd className="tabular-nums" data-testid="finished">
                {a.matches.finished}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-zinc-500">Last match</dt>
              <dd data-testid="last-match">
                {a.lastFinished ? (
                  <Link href={`/matches/${a.lastFinished.id}`} className={linkClass}>
                    {a.lastFinished.result} vs {a.lastFinished.opponent}
                  </Link>
                ) : (
                  "—"
                )}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-zinc-500">Rating</dt>
              <dd className="tabular-nums">{a.rating ? describeRating({ rating: a.rating.value, ...a.rating }).text : "—"}</dd>
            </div>
          </dl>
          {agentActionAllowed("rotateKey", a.status) ? (
            <form
              className="mt-2 flex max-w-md items-center gap-1"
              onSubmit={(e) => {
                e.preventDefault();
                void rotate(a.id, e.currentTarget);
              }}
            >
              <span className="shrink-0 text-xs">Key: {a.hasKey ? "set" : "none"}</span>
              <input
                name="api_key"
                type="password"
                autoComplete="off"
                placeholder="new key"
                aria-label={`new key for ${a.name}`}
                className={inputClass}
              />
              <button type="submit" className={buttonClass}>
                Rotate
              </button>
            </form>
          ) : null}
          <Actions a={a} onDone={done} />
        </article>
      ))}
    </div>
  );
}
