import { readScopes } from "@arena/tournament/read";
import { db } from "@/lib/db";

export const dynamic = "force-dynamic";

export default async function Home() {
  const scopes = await readScopes(db());
  return <h1 className="text-xl font-semibold">DR Arena ({scopes.examiners.length} examiners)</h1>;
}
