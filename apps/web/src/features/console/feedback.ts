/**
 * What a console action did, as a sentence: one row per action (method and path pattern), its
 * success in words and what was being tried when it failed ("Could not …: reason").
 */
const SENTENCES: Array<{ method: string; path: RegExp; done: string; doing: string }> = [
  {
    method: "POST",
    path: /^agents\/[^/]+\/disable$/,
    done: "The agent is disabled: pairing leaves it out from the next round on.",
    doing: "disable the agent",
  },
  {
    method: "POST",
    path: /^agents\/[^/]+\/recheck$/,
    done: "The agent's health was checked again; its status below shows the result.",
    doing: "re-check the agent",
  },
  { method: "POST", path: /^agents\/[^/]+\/approve$/, done: "The agent is approved.", doing: "approve the agent" },
  {
    method: "POST",
    path: /^allowed-hosts$/,
    done: "The host is on the allow-list: agents and crawls may reach it.",
    doing: "add the host to the allow-list",
  },
  { method: "DELETE", path: /^allowed-hosts\/[^/]+$/, done: "The host is off the allow-list.", doing: "remove the host" },
  {
    method: "POST",
    path: /^tournaments$/,
    done: "The tournament is created as a draft: start it from its row.",
    doing: "create the tournament",
  },
  {
    method: "POST",
    path: /^tournaments\/[^/]+\/start$/,
    done: "The tournament has started: its first round is being paired.",
    doing: "start the tournament",
  },
  {
    method: "POST",
    path: /^tournaments\/[^/]+\/pause$/,
    done: "The tournament is paused: running matches finish, no new ones begin.",
    doing: "pause the tournament",
  },
  { method: "POST", path: /^tournaments\/[^/]+\/resume$/, done: "The tournament is running again.", doing: "resume the tournament" },
  {
    method: "POST",
    path: /^tournaments\/[^/]+\/cancel$/,
    done: "The tournament is cancelled: queued matches will not run.",
    doing: "cancel the tournament",
  },
  {
    method: "POST",
    path: /^tournaments\/[^/]+\/add-agent$/,
    done: "The agent joins the tournament from its next round (in a continuous tournament, with its placement matches first).",
    doing: "add the agent to the tournament",
  },
  { method: "POST", path: /^examiners$/, done: "The examiner configuration is stored.", doing: "store the examiner configuration" },
  {
    method: "POST",
    path: /^examiners\/[^/]+\/key$/,
    done: "The examiner's API key is replaced (stored encrypted).",
    doing: "replace the API key",
  },
  { method: "POST", path: /^examiners\/[^/]+\/test$/, done: "The examiner answered a test call.", doing: "test the examiner" },
  { method: "POST", path: /^trees$/, done: "The tree is imported.", doing: "import the tree" },
  {
    method: "POST",
    path: /^trees\/[^/]+\/retire$/,
    done: "The tree is retired: new matches no longer use it; its matches stay.",
    doing: "retire the tree",
  },
  { method: "POST", path: /^crawls$/, done: "The crawl is queued: its progress shows below.", doing: "queue the crawl" },
  { method: "POST", path: /^crawls\/[^/]+\/cancel$/, done: "The crawl is cancelled.", doing: "cancel the crawl" },
  { method: "POST", path: /^sources$/, done: "The source is added: the next scheduled run reads it.", doing: "add the source" },
  { method: "DELETE", path: /^sources\/[^/]+$/, done: "The source is removed.", doing: "remove the source" },
  { method: "POST", path: /^schedule$/, done: "The schedule is saved.", doing: "save the schedule" },
  {
    method: "POST",
    path: /^schedule\/run$/,
    done: "The schedule ran: old trees are retired and new crawls are queued (see the crawls below).",
    doing: "run the schedule",
  },
  { method: "POST", path: /^worlds$/, done: "The synthetic world is generated: its trees are listed below.", doing: "generate the world" },
];

/** An API error as text: `{ error: "…" }`, or `{ error: { code, message } }`. */
export function errorText(error: unknown): string | null {
  if (typeof error === "string" && error) return error;
  if (error && typeof error === "object" && "message" in error && typeof error.message === "string") return error.message;
  return null;
}

export function feedback(method: string, path: string, ok: boolean, error: unknown): string {
  const row = SENTENCES.find((s) => s.method === method && s.path.test(path));
  if (ok) return row?.done ?? "Done.";
  const reason = errorText(error) ?? "the server refused it";
  return `Could not ${row?.doing ?? "do that"}: ${reason.replace(/\.$/, "")}.`;
}
