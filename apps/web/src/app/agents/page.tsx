import type { Metadata } from "next";
import { readAgents } from "@arena/tournament/read";
import { db } from "@/lib/db";
import { PageTitle } from "@/components/ui";
import { AgentList } from "@/features/agents/agent-list";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Agents" };

export default async function AgentsPage() {
  const agents = await readAgents(db());
  return (
    <>
      <PageTitle>Agents</PageTitle>
      <AgentList agents={agents} />
    </>
  );
}
