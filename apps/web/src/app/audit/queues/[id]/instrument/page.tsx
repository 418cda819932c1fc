import { redirect } from "next/navigation";
import { nextVariantItem } from "@arena/audit";
import { requireRole } from "@/lib/auth-session";
import { db } from "@/lib/db";
import { AUDITORS } from "@/features/audit/access";

export const dynamic = "force-dynamic";

/** Instrument I of a queue: the next node this auditor has not compared variants for. */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireRole(AUDITORS, `/audit/queues/${id}/instrument`);
  const next = await nextVariantItem(db(), id, user.id);
  redirect(next ? `/audit/items/${next}/instrument` : `/audit?finished=${encodeURIComponent(id)}`);
}
