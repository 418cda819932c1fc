import Link from "@/components/link";
import { requireRole } from "@/lib/auth-session";
import { CONSOLE_PAGES } from "./routes";

/** Every console page renders through this: admins only, checked on each request. */
export async function ConsoleShell({ path, title, children }: { path: string; title: string; children: React.ReactNode }) {
  await requireRole(["admin"], path);
  return (
    <div className="space-y-4">
      <nav className="flex flex-wrap gap-4 text-sm" aria-label="Console">
        {CONSOLE_PAGES.map((p) => (
          <Link key={p.href} href={p.href} className={p.href === path ? "font-semibold" : "underline"}>
            {p.label}
          </Link>
        ))}
      </nav>
      <h1 className="text-xl font-semibold">{title}</h1>
      {children}
    </div>
  );
}
