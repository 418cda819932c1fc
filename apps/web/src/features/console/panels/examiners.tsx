"use client";
import { EXAMINER_MODE_INFO, EXAMINER_MODES } from "@arena/core/closed-sets";
import { buttonClass, inputClass } from "../../account/client";
import { DataTable, type DataColumn } from "@/components/data-table";
import type { ExaminerRow } from "./rows";
import { Field, Note, useAction, useList, type Act } from "./shared";

/** Modes run without a model: a configuration of one is only its name. */
const OFFLINE_MODES = EXAMINER_MODES.filter((m) => EXAMINER_MODE_INFO[m].offline);

function examinerColumns(act: Act, setNote: (note: string) => void): DataColumn<ExaminerRow>[] {
  const test = (x: ExaminerRow) =>
    void act("POST", `examiners/${x.id}/test`).then(
      (r) => r.ok && setNote(`${x.name}: ${r.data.ok ? "answered" : "failed"} in ${String(r.data.latencyMs)} ms: ${String(r.data.detail)}`),
    );
  return [
    { id: "name", header: "Configuration", sortValue: (x) => x.name.toLowerCase(), cell: (x) => <code>{x.name}</code> },
    { id: "mode", header: "Mode", sortValue: (x) => x.mode, cell: (x) => x.mode },
    { id: "key", header: "Key", cell: (x) => (EXAMINER_MODE_INFO[x.mode].needsKey ? (x.hasKey ? "set" : "none") : "n/a") },
    {
      id: "actions",
      header: "Actions",
      cell: (x) => (
        <span className="flex flex-wrap items-center gap-2">
          <button type="button" className="underline" onClick={() => test(x)}>
            Test connection
          </button>
          {EXAMINER_MODE_INFO[x.mode].needsKey && (
            <form
              className="flex gap-1"
              onSubmit={(e) => {
                e.preventDefault();
                void act("POST", `examiners/${x.id}/key`, { apiKey: String(new FormData(e.currentTarget).get("apiKey")) });
                e.currentTarget.reset();
              }}
            >
              <input
                name="apiKey"
                type="password"
                required
                autoComplete="off"
                placeholder="new key"
                aria-label={`new key for ${x.name}`}
                className={inputClass}
              />
              <button type="submit" className={buttonClass}>
                Rotate key
              </button>
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
      <DataTable
        testId="console-examiners"
        caption="Examiner configurations"
        rows={rows}
        columns={examinerColumns(act, setNote)}
        rowKey={(x) => x.id}
        rowProps={(x) => ({ "data-examiner": x.name })}
        empty={loaded ? "No examiner configuration yet: create one below." : "Loading configurations…"}
      />
      <h2 className="font-semibold">New llm configuration</h2>
      <form
        className="grid max-w-xl gap-2 text-sm"
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          void act("POST", "examiners", {
            mode: "llm",
            baseUrl: String(f.get("baseUrl")),
            model: String(f.get("model")),
            ...(f.get("apiKey") ? { apiKey: String(f.get("apiKey")) } : {}),
            generationTemperature: Number(f.get("generationTemperature")),
            judgeTemperature: Number(f.get("judgeTemperature")),
            doubleJudge: f.get("doubleJudge") === "on",
          });
        }}
      >
        <Field label="Base URL">
          <input name="baseUrl" required placeholder="https://llm.example.org/v1" className={inputClass} />
        </Field>
        <Field label="Model">
          <input name="model" required className={inputClass} />
        </Field>
        <Field label="API key (stored encrypted)">
          <input name="apiKey" type="password" autoComplete="off" className={inputClass} />
        </Field>
        <Field label="Generation temperature">
          <input name="generationTemperature" type="number" step="0.1" min={0} max={2} defaultValue={0.7} className={inputClass} />
        </Field>
        <Field label="Judge temperature">
          <input name="judgeTemperature" type="number" step="0.1" min={0} max={2} defaultValue={0.1} className={inputClass} />
        </Field>
        <label className="flex items-center gap-2">
          <input name="doubleJudge" type="checkbox" /> Double judging (seats swapped)
        </label>
        <button type="submit" className={buttonClass}>
          Create
        </button>
      </form>
      {OFFLINE_MODES.map((mode) => (
        <form
          key={mode}
          className="flex max-w-xl items-end gap-2 text-sm"
          onSubmit={(e) => {
            e.preventDefault();
            void act("POST", "examiners", { mode, name: String(new FormData(e.currentTarget).get("name")) });
          }}
        >
          <Field label={`${mode.charAt(0).toUpperCase()}${mode.slice(1)} configuration name`}>
            <input name="name" required placeholder={`${mode}:name`} className={inputClass} />
          </Field>
          <button type="submit" className={buttonClass}>
            Create {mode}
          </button>
        </form>
      ))}
    </div>
  );
}
