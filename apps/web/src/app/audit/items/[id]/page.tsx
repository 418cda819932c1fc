import Link from "@/components/link";
import { notFound } from "next/navigation";
import { AuditError, claimItem } from "@arena/audit";
import { readAuditItem } from "@arena/audit/read";
import { Empty } from "@/components/ui";
import { requireRole } from "@/lib/auth-session";
import { db } from "@/lib/db";
import { AUDITORS } from "@/features/audit/access";
import { AuditItemPage } from "@/features/audit/item-page";

export const metadata = { title: "Audit item" };
export const dynamic = "force-dynamic";

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireRole(AUDITORS, `/audit/items/${id}`);
  try {
    await claimItem(db(), id, user.id);
  } catch (err) {
    if (!(err instanceof AuditError)) throw err;
    if (err.status === 404) notFound();
    return (
      <Empty title="This item is not available to you.">
        {err.message}{" "}
        <Link href="/audit" className="underline">
          Back to the audit home
        </Link>
        .
      </Empty>
    );
  }
  const item = await readAuditItem(db(), id, user.id);
  if (!item) notFound();
  return <AuditItemPage item={item} />;
}
