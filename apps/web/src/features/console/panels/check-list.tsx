"use client";
import { useState } from "react";
import { inputClass } from "../../account/client";

/**
 * A searchable list of checkboxes (named `name`, so the form data carries the ticked values):
 * a filter, all / none over the options shown, and how many are ticked.
 */
export function CheckList({
  name,
  label,
  options,
  loaded,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  loaded: boolean;
}) {
  const [query, setQuery] = useState("");
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const q = query.trim().toLowerCase();
  const shown = q ? options.filter((o) => o.label.toLowerCase().includes(q)) : options;
  const setAll = (on: boolean) =>
    setTicked((t) => {
      const next = new Set(t);
      for (const o of shown)
        if (on) next.add(o.value);
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
        <input
          type="search"
          aria-label={`Find ${label.toLowerCase()}`}
          placeholder="find…"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className={`${inputClass} max-w-48`}
        />
        <button type="button" className="underline" onClick={() => setAll(true)}>
          {q ? "Select shown" : "Select all"}
        </button>
        <button type="button" className="underline" onClick={() => setAll(false)}>
          {q ? "Clear shown" : "Select none"}
        </button>
        <span aria-live="polite" data-testid={`${name}-count`} className="text-zinc-500">
          {loaded ? `${count} of ${options.length} selected` : "Loading…"}
        </span>
      </div>
      <div className="max-h-48 overflow-auto rounded border border-zinc-300 p-1 dark:border-zinc-700">
        {shown.map((o) => (
          <label key={o.value} className="flex items-center gap-2 px-1 py-0.5">
            <input type="checkbox" name={name} value={o.value} checked={ticked.has(o.value)} onChange={() => toggle(o.value)} /> {o.label}
          </label>
        ))}
        {/* Ticked options hidden by the filter still go with the form. */}
        {options
          .filter((o) => ticked.has(o.value) && !shown.includes(o))
          .map((o) => (
            <input key={o.value} type="hidden" name={name} value={o.value} />
          ))}
        {loaded && shown.length === 0 ? <p className="px-1 text-zinc-500">{options.length ? "None matches." : "None yet."}</p> : null}
      </div>
    </fieldset>
  );
}
