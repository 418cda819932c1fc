import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { readTree } from "@arena/trees/read";
import { db } from "@/lib/db";
import { ExternalLink, PageTitle } from "@/components/ui";
import { TreeOutline } from "@/features/trees/tree-outline";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

/** Metadata and page read the tree once per request. */
const tree = cache((id: string) => readTree(db(), id));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await tree((await params).id);
  return { title: t ? (t.title ?? "Tree") : "Tree not found" };
}

export default async function Page({ params }: Props) {
  const t = await tree((await params).id);
  if (!t) notFound();
  return (
    <>
      <PageTitle>{t.title ?? t.rootUrl}</PageTitle>
      <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
        <ExternalLink href={t.rootUrl}>{t.rootUrl}</ExternalLink> · {t.source}
        {t.topic ? ` · topic ${t.topic}` : ""} · {t.nodes} nodes, max depth {t.maxDepth} · {t.matches} matches played on it
      </p>
      <TreeOutline tree={t} />
    </>
  );
}
