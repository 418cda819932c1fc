"use client";
import { useId, useState } from "react";
import { AGENT_DESCRIPTION_MAX } from "@arena/agents/limits";
import { inputClass } from "../account/client";

const fmt = (n: number) => n.toLocaleString("en-US");

/**
 * An agent's description with its limit in view: a live counter, and a message when the text is
 * over it. Nothing is cut: a longer text is refused by the server with the same limit, so an owner
 * never loses what they pasted without being told.
 */
export function DescriptionField({
  defaultValue = "",
  label = "Description",
  rows = 3,
}: {
  defaultValue?: string;
  label?: string;
  rows?: number;
}) {
  const [length, setLength] = useState(defaultValue.length);
  const countId = useId();
  const over = length - AGENT_DESCRIPTION_MAX;
  return (
    <label className="block text-sm">
      {label}{" "}
      <span className="text-xs text-zinc-500">
        (Markdown, at most {fmt(AGENT_DESCRIPTION_MAX)} characters; shown on the agent&apos;s public page)
      </span>
      <textarea
        name="description"
        rows={rows}
        defaultValue={defaultValue}
        aria-invalid={over > 0}
        aria-describedby={countId}
        onChange={(e) => setLength(e.currentTarget.value.trim().length)}
        className={inputClass}
      />
      <span
        id={countId}
        data-testid="description-count"
        aria-live="polite"
        className={`block text-xs ${over > 0 ? "text-red-700 dark:text-red-400" : "text-zinc-500"}`}
      >
        {fmt(length)} / {fmt(AGENT_DESCRIPTION_MAX)}
        {over > 0 ? ` — ${fmt(over)} characters over the limit: shorten it to submit` : ""}
      </span>
    </label>
  );
}
