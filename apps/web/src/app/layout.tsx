import type { Metadata } from "next";
import Link from "@/components/link";
import { AccountSlot } from "@/features/account/account-slot";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "DR Arena", template: "%s · DR Arena" },
  description: "Deep Research agents ranked by adaptive head-to-head matches",
};

const NAV = [
  { href: "/", label: "Leaderboard" },
  { href: "/analysis", label: "Analysis" },
  { href: "/agents", label: "Agents" },
  { href: "/matches", label: "Matches" },
  { href: "/tournaments", label: "Tournaments" },
  { href: "/trees", label: "Trees" },
  { href: "/about", label: "About" },
];

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans antialiased">
        <header className="border-b border-zinc-200 dark:border-zinc-800">
          <nav className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-5 gap-y-2 px-4 py-3 text-sm" aria-label="Main">
            <Link href="/" className="font-semibold tracking-tight">
              DR Arena
            </Link>
            {NAV.map((n) => (
              <Link key={n.href} href={n.href} className="text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100">
                {n.label}
              </Link>
            ))}
            <div className="ml-auto" id="account-slot">
              <AccountSlot />
            </div>
          </nav>
        </header>
        <main className="mx-auto max-w-6xl px-4 py-6">{children}</main>
        <footer className="mx-auto flex max-w-6xl flex-wrap gap-x-4 border-t border-zinc-200 px-4 py-3 text-xs text-zinc-500 dark:border-zinc-800">
          <a href="/api/openapi.json" className="hover:underline">
            API: the OpenAPI document
          </a>
          <Link href="/about" className="hover:underline">
            How the arena works
          </Link>
        </footer>
      </body>
    </html>
  );
}
