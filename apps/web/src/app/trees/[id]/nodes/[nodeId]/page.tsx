import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { readNode } from "@arena/trees/read";
import { db } from "@/lib/db";
import { NodePage } from "@/features/trees/node-page";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string; nodeId: string }> };

/** Metadata and page read the node once per request; a node of another tree is not found here. */
const node = cache(async (treeId: string, nodeId: string) => {
  const n = await readNode(db(), nodeId);
  return n && n.treeId === treeId ? n : null;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id, nodeId } = await params;
  const n = await node(id, nodeId);
  return { title: n ? (n.title ?? n.url) : "Node not found" };
}

export default async function Page({ params }: Props) {
  const { id, nodeId } = await params;
  const n = await node(id, nodeId);
  if (!n) notFound();
  return <NodePage node={n} />;
}
