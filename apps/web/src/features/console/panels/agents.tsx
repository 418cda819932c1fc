"use client";
import { agentActionAllowed } from "@arena/agents/actions";
import { buttonClass } from "../../account/client";
import { DataTable, type DataColumn } from "@/components/data-table";
import type { AgentRow } from "./rows";
import { Note, useAction, useList, type Act } from "./shared";

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
const PROTOCOL_WORDS: Record<string, string> = {
  builtin: "built-in (researches the sandbox search)",
  simulated: "simulated (planted skill)",
};

function agentColumns(approve: (a: AgentRow) => void, act: Act): DataColumn<AgentRow>[] {
  return [
    {
      id: "name",
      header: "Agent",
      sortValue: (a) => a.name.toLowerCase(),
      cell: (a) => (
        <>
          <a href={`/agents/${a.id}`} className="font-medium text-sky-700 hover:underline dark:text-sky-400">
            {a.name}
          </a>
          <div className="text-xs text-zinc-500 dark:text-zinc-400">
            {PROTOCOL_WORDS[a.protocol] ?? `${a.protocol}${a.model ? ` · ${a.model}` : ""}`}
            {a.endpoint ? (
              <>
                {" "}
                · host <code data-testid="agent-host">{hostOf(a.endpoint)}</code>
              </>
            ) : null}
          </div>
          {/* What an approver reads before approving: the owner's description as plain text, clipped. */}
          {a.description ? (
            <p
              data-testid="agent-description"
              className="mt-0.5 line-clamp-3 max-w-md text-xs whitespace-pre-line text-zinc-700 dark:text-zinc-300"
              title={a.description}
            >
              {a.description}
            </p>
          ) : null}
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
          {healthLine(a) ? (
            <div data-testid="agent-health" className="text-xs text-zinc-500 dark:text-zinc-400">
              {healthLine(a)}
            </div>
          ) : null}
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
          {agentActionAllowed("approve", a.status) && (
            <button type="button" className={buttonClass} onClick={() => approve(a)}>
              Approve
            </button>
          )}
          {agentActionAllowed("disable", a.status) && (
            <button type="button" className="underline" onClick={() => void act("POST", `agents/${a.id}/disable`)}>
              Disable
            </button>
          )}
          {agentActionAllowed("recheck", a.status) && (
            <button type="button" className="underline" onClick={() => void act("POST", `agents/${a.id}/recheck`)}>
              Re-check health
            </button>
          )}
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
    if (r.ok)
      setNote(
        joined
          ? `${a.name} is approved and plays in the open tournament from round ${joined.round}.`
          : `${a.name} is approved; no running tournament has a round left to join.`,
      );
  };
  const columns = agentColumns((a) => void approve(a), act);
  if (loaded && rows.length === 0) {
    return (
      <div className="rounded-md border border-dashed border-zinc-300 p-6 text-sm dark:border-zinc-700" data-testid="agents-empty">
        <p className="font-medium">No agent yet.</p>
        <p className="mt-1 text-zinc-600 dark:text-zinc-400">
          Owners submit agents at{" "}
          <a href="/agents/new" className="underline">
            Submit an agent
          </a>
          ; operators add one with <code>npx arena agent add</code>, or simulated ones with <code>npm run demo</code>. They appear here to
          approve, disable or re-check.
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <Note note={note} />
      <DataTable
        testId="console-agents"
        caption="Every agent of the arena"
        rows={rows}
        columns={columns}
        rowKey={(a) => a.id}
        rowProps={(a) => ({ "data-agent": a.name })}
        filter={{ label: "Find agent", text: (a) => `${a.name} ${a.ownerEmail ?? ""} ${a.protocol}` }}
        empty={loaded ? undefined : "Loading agents…"}
      />
    </div>
  );
}
