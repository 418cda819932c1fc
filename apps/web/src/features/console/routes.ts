/** Every console page; the access test walks this list with the API route table (CONSOLE_ROUTES). */
export const CONSOLE_PAGES = [
  { href: "/console", label: "Overview & settings" },
  { href: "/console/agents", label: "Agents" },
  { href: "/console/tournaments", label: "Tournaments" },
  { href: "/console/examiners", label: "Examiner configurations" },
  { href: "/console/trees", label: "Trees" },
  { href: "/console/audit", label: "Audit queues" },
  { href: "/console/queues", label: "Queues" },
] as const;

/** Every console API route, as "METHOD path" below /api/console (`:name` segments are parameters). */
export const CONSOLE_API = [
  "GET agents",
  "GET agent-choices",
  "POST agents/:id/approve",
  "POST agents/:id/disable",
  "POST agents/:id/recheck",
  "GET settings",
  "POST settings",
  "GET allowed-hosts",
  "POST allowed-hosts",
  "DELETE allowed-hosts/:id",
  "GET tournaments",
  "POST tournaments",
  "POST tournaments/estimate",
  "POST tournaments/:id/start",
  "POST tournaments/:id/pause",
  "POST tournaments/:id/resume",
  "POST tournaments/:id/cancel",
  "POST tournaments/:id/add-agent",
  "GET examiners",
  "POST examiners",
  "POST examiners/:id/test",
  "POST examiners/:id/key",
  "GET trees",
  "POST trees",
  "POST trees/:id/retire",
  "GET crawls",
  "POST crawls",
  "POST crawls/:id/cancel",
  "POST worlds",
] as const;
export type ConsoleApiKey = (typeof CONSOLE_API)[number];
