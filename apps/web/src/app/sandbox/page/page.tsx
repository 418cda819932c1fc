import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { findStoredPage } from "@arena/trees/read";
import { db } from "@/lib/db";
import type { SearchParams } from "@/lib/params";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Stored page" };

/**
 * `/sandbox/page?url=<original url>`: the stored text of a page, as the workers' sandbox web
 * serves it by the same address. In the app it is the page's tree node, where the original URL is
 * still shown; links to pages of the offline world (which never resolve) lead here.
 */
export default async function StoredPage({ searchParams }: { searchParams: SearchParams }) {
  const raw = (await searchParams).url;
  const url = Array.isArray(raw) ? raw[0] : raw;
  const page = url && url.length <= 4000 ? await findStoredPage(db(), url) : null;
  if (!page) notFound();
  redirect(`/trees/${page.treeId}/nodes/${page.nodeId}`);
}
