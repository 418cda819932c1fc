import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { agentScoreMeans } from "@arena/scoring/read";
import { readAgent } from "@arena/tournament/read";
import { db } from "@/lib/db";
import { one, type SearchParams } from "@/lib/params";
import { AgentPage } from "@/features/agents/agent-page";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: SearchParams };

/** Metadata and page read the agent once per request. */
const agent = cache((id: string, examiner: string | undefined) => readAgent(db(), id, examiner ? { examiner } : {}));

async function load({ params, searchParams }: Props) {
  return agent((await params).id, one((await searchParams).examiner));
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  return { title: (await load(props))?.name ?? "Agent not found" };
}

export default async function Page(props: Props) {
  const a = await load(props);
  if (!a) notFound();
  const scores = await agentScoreMeans(db(), { agentId: a.id, ...(a.examiner ? { examinerConfigId: a.examiner.id } : {}) });
  return <AgentPage agent={a} scores={scores} />;
}
