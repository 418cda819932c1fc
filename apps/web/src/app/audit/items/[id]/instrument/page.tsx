import { notFound } from "next/navigation";
import { AuditError, itemVariants } from "@arena/audit";
import { readAuditItem } from "@arena/audit/read";
import { Empty } from "@/components/ui";
import { requireRole } from "@/lib/auth-session";
import { db } from "@/lib/db";
import { AUDITORS } from "@/features/audit/access";
import { InstrumentPage } from "@/features/audit/instrument-page";

export const metadata = { title: "Instrument I" };
export const dynamic = "force-dynamic";

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireRole(AUDITORS, `/audit/items/${id}/instrument`);
  const item = await readAuditItem(db(), id, user.id);
  if (!item) notFound();
  try {
    const { options } = await itemVariants(db(), id, user.id);
    return <InstrumentPage itemId={id} queueId={item.queue.id} options={options} />;
  } catch (err) {
    if (err instanceof AuditError) return <Empty title="No variants for this node.">{err.message}</Empty>;
    throw err;
  }
}
