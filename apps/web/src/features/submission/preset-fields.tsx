"use client";
import { useState } from "react";
import { PROVIDER_PRESETS, presetById, type ProviderPreset } from "@arena/agents/presets";
import { inputClass } from "../account/client";

/** The preset the form opens with: the arena's own protocol (an agent with its own endpoint). */
const DEFAULT_PRESET = "arena-http";

/**
 * The provider part of the submission form: pick a provider and only what it needs is asked
 * (model, key, tools); its API endpoint is filled in and may be changed (a proxy, a compatible
 * server). The fields are named as the submission API spells them (`protocol`, `endpoint`,
 * `model`, `api_key`, `tools`), so the form's body is the API's body.
 */
export function PresetFields() {
  const [preset, setPreset] = useState<ProviderPreset>(presetById(DEFAULT_PRESET)!);
  return (
    <fieldset className="space-y-3">
      <label className="block text-sm">
        Provider{" "}
        <select name="preset" className={inputClass} value={preset.id} onChange={(e) => setPreset(presetById(e.target.value)!)}>
          {PROVIDER_PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
      <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="preset-hint">
        {preset.hint} <span className="whitespace-nowrap">Protocol: {preset.protocol}.</span>
      </p>
      <input type="hidden" name="protocol" value={preset.protocol} />
      {/* Remounted per preset, so each field starts from the preset's values. */}
      <div key={preset.id} className="space-y-3">
        <label className="block text-sm">
          Endpoint{preset.endpoint ? " (the provider's API; change it for a proxy or a compatible server)" : ""}{" "}
          <input
            name="endpoint"
            required
            defaultValue={preset.endpoint ?? ""}
            placeholder={preset.endpointExample ?? preset.endpoint ?? ""}
            className={inputClass}
          />
        </label>
        {preset.model ? (
          <label className="block text-sm">
            Model{" "}
            <input
              name="model"
              required
              defaultValue={preset.model.suggested}
              list={`models-${preset.id}`}
              maxLength={200}
              placeholder={preset.model.examples[0]}
              className={inputClass}
            />
            <datalist id={`models-${preset.id}`}>
              {preset.model.examples.map((m) => (
                <option key={m} value={m} />
              ))}
            </datalist>
          </label>
        ) : null}
        {preset.tools ? (
          <fieldset className="text-sm">
            <legend>Tools the provider runs for the agent</legend>
            <input type="hidden" name="tools_offered" value="1" />
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {preset.tools.offered.map((t) => (
                <label key={t} className="inline-flex items-center gap-1.5">
                  <input type="checkbox" name="tools" value={t} defaultChecked={preset.tools!.chosen.includes(t)} /> <code>{t}</code>
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <label className="block text-sm">
          API key{" "}
          <input
            name="api_key"
            type="password"
            autoComplete="off"
            maxLength={4096}
            required={preset.key.required}
            placeholder={preset.key.label}
            className={inputClass}
          />
        </label>
      </div>
    </fieldset>
  );
}
