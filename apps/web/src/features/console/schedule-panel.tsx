"use client";
import { useCallback, useEffect, useState } from "react";
import { buttonClass, inputClass, send } from "../account/client";
import { feedback } from "./feedback";

interface SourceRow {
  id: string;
  kind: string;
  value: string;
  provider: string | null;
  endpoint: string | null;
}
interface SourceOutcome {
  sourceId: string;
  kind: string;
  value: string;
  found: number;
  taken: number;
  invalid: number;
  error: string | null;
}
interface ScheduleRow {
  enabled: boolean;
  everyHours: number;
  treesPerRun: number;
  maxAgeDays: number | null;
  maxDepth: number;
  fanOut: number;
  lastRunAt: string | null;
  lastRunNote: string | null;
  lastRunSources: SourceOutcome[];
}

/**
 * Fresh trees on a schedule (the console's mirror of `arena source …` and `arena schedule …`):
 * topic sources, the schedule's settings, and a run now.
 */
export function SchedulePanel() {
  const [sources, setSources] = useState<SourceRow[]>([]);
  const [schedule, setSchedule] = useState<ScheduleRow | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const load = useCallback(async () => {
    const [s, c] = await Promise.all([send<SourceRow[]>("GET", "/api/console/sources"), send<ScheduleRow>("GET", "/api/console/schedule")]);
    if (s.ok && Array.isArray(s.data)) setSources(s.data);
    if (c.ok) setSchedule(c.data);
  }, []);
  useEffect(() => void load(), [load]);
  const act = async (method: string, path: string, body?: unknown) => {
    const r = await send<Record<string, unknown>>(method, `/api/console/${path}`, body ?? {});
    setNote(feedback(method, path, r.ok, r.error ?? `the server answered ${r.status}`));
    await load();
    return r;
  };
  const addSource = (form: HTMLFormElement) => {
    const f = new FormData(form);
    const kind = String(f.get("kind"));
    void act(
      "POST",
      "sources",
      kind === "search"
        ? { kind, value: String(f.get("value")), provider: String(f.get("provider")), endpoint: String(f.get("endpoint")) }
        : { kind, value: String(f.get("value")) },
    );
  };
  const saveSchedule = (form: HTMLFormElement) => {
    const f = new FormData(form);
    const n = (k: string) => Number(f.get(k));
    void act("POST", "schedule", {
      enabled: f.get("enabled") === "on",
      everyHours: n("everyHours"),
      treesPerRun: n("treesPerRun"),
      maxAgeDays: f.get("maxAgeDays") ? n("maxAgeDays") : null,
      maxDepth: n("maxDepth"),
      fanOut: n("fanOut"),
    });
  };
  return (
    <section className="space-y-3" aria-labelledby="schedule-heading">
      <h2 id="schedule-heading" className="font-semibold">
        Fresh trees on a schedule
      </h2>
      {note && (
        <p role="status" className="text-sm">
          {note}
        </p>
      )}
      <ul className="text-sm" data-testid="sources">
        {sources.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center gap-2 border-t border-zinc-200 py-1 dark:border-zinc-800">
            <span className="w-16 text-zinc-500">{s.kind}</span> <code className="break-all">{s.value}</code>
            {s.kind === "search" && (
              <span className="text-xs text-zinc-500">
                {s.provider} at {s.endpoint}
              </span>
            )}
            <button type="button" className="underline" onClick={() => void act("DELETE", `sources/${s.id}`)}>
              remove
            </button>
          </li>
        ))}
      </ul>
      <form
        className="grid max-w-2xl gap-2 text-sm sm:grid-cols-[8rem_1fr]"
        onSubmit={(e) => {
          e.preventDefault();
          addSource(e.currentTarget);
        }}
      >
        <select name="kind" aria-label="source kind" className={inputClass}>
          <option value="hub">hub URL</option>
          <option value="feed">RSS/Atom feed</option>
          <option value="sitemap">sitemap</option>
          <option value="search">search topic</option>
        </select>
        <input
          name="value"
          required
          aria-label="URL or topic"
          placeholder="URL (hub, feed, sitemap) or topic (search)"
          className={inputClass}
        />
        <select name="provider" aria-label="search provider" className={inputClass}>
          <option value="searxng">SearXNG</option>
          <option value="sandbox">sandbox search</option>
        </select>
        <input name="endpoint" aria-label="search provider endpoint" placeholder="search: provider base URL" className={inputClass} />
        <button type="submit" className={buttonClass}>
          Add source
        </button>
      </form>
      {schedule && (
        <form
          key={JSON.stringify(schedule)}
          className="grid max-w-2xl gap-2 text-sm sm:grid-cols-3"
          onSubmit={(e) => {
            e.preventDefault();
            saveSchedule(e.currentTarget);
          }}
        >
          <label className="flex items-center gap-2">
            <input type="checkbox" name="enabled" defaultChecked={schedule.enabled} /> on schedule
          </label>
          <label className="grid gap-1 text-xs">
            every (hours)
            <input name="everyHours" type="number" min={1} defaultValue={schedule.everyHours} className={inputClass} />
          </label>
          <label className="grid gap-1 text-xs">
            new trees per run
            <input name="treesPerRun" type="number" min={1} max={50} defaultValue={schedule.treesPerRun} className={inputClass} />
          </label>
          <label className="grid gap-1 text-xs">
            retire after (days)
            <input
              name="maxAgeDays"
              type="number"
              min={1}
              placeholder="never"
              defaultValue={schedule.maxAgeDays ?? ""}
              className={inputClass}
            />
          </label>
          <label className="grid gap-1 text-xs">
            crawl depth
            <input name="maxDepth" type="number" min={0} max={8} defaultValue={schedule.maxDepth} className={inputClass} />
          </label>
          <label className="grid gap-1 text-xs">
            fan-out
            <input name="fanOut" type="number" min={1} max={50} defaultValue={schedule.fanOut} className={inputClass} />
          </label>
          <button type="submit" className={buttonClass}>
            Save schedule
          </button>
          <button type="button" className={buttonClass} onClick={() => void act("POST", "schedule/run")}>
            Run now
          </button>
          <p className="text-xs text-zinc-500 sm:col-span-3">
            Last run: {schedule.lastRunAt ? `${schedule.lastRunAt} (${schedule.lastRunNote ?? ""})` : "never"}
          </p>
          {schedule.lastRunSources.length > 0 && (
            <ul className="text-xs text-zinc-500 sm:col-span-3" data-testid="last-run-sources" aria-label="Last run by source">
              {schedule.lastRunSources.map((o) => (
                <li key={o.sourceId} className="break-all">
                  {o.kind} <code>{o.value}</code>:{" "}
                  {o.error === null
                    ? `${o.found} found, ${o.taken} taken${o.invalid ? `, ${o.invalid} invalid skipped` : ""}`
                    : `failed: ${o.error}`}
                </li>
              ))}
            </ul>
          )}
        </form>
      )}
    </section>
  );
}
