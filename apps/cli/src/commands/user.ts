import type { Command } from "commander";
import { z } from "zod";
import { namedVariable } from "@arena/env";
import { ROLES } from "@arena/db/accounts";
import { parseOptions } from "../options";

/**
 * `arena user create | list | set-role`: accounts for the web app. Passwords come from stdin or
 * an environment variable, never from argv (shell history, `ps`), and are hashed with
 * better-auth's own hasher so the web sign-in accepts them.
 */

const MIN_PASSWORD = 8;
const MAX_PASSWORD = 128;
const role = z.enum(ROLES, { error: "--role must be admin, auditor or owner" });

const createOptions = z.object({
  email: z.email("--email must be an email address").max(254),
  role,
  name: z.string().trim().min(1).max(100).optional(),
  passwordEnv: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "--password-env must name an environment variable")
    .optional(),
  json: z.boolean().default(false),
});

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

async function readPassword(passwordEnv: string | undefined): Promise<string> {
  const password = passwordEnv ? namedVariable(passwordEnv) : await readStdin();
  if (passwordEnv && password === undefined) throw new Error(`environment variable ${passwordEnv} is not set`);
  if (!password || password.length < MIN_PASSWORD || password.length > MAX_PASSWORD) {
    throw new Error(`the password must be ${MIN_PASSWORD} to ${MAX_PASSWORD} characters (read from ${passwordEnv ?? "stdin"})`);
  }
  return password;
}

export function register(program: Command): void {
  const user = program.command("user").description("web accounts: admins, auditors, agent owners");

  user
    .command("create")
    .description("create an account; the password is read from stdin or --password-env")
    .requiredOption("--email <email>", "email address (the sign-in name)")
    .requiredOption("--role <role>", "admin | auditor | owner")
    .option("--name <name>", "display name (default: the email's local part)")
    .option("--password-env <VAR>", "environment variable holding the password (default: read stdin)")
    .option("--json", "machine-readable output")
    .action(async (raw: unknown) => {
      const o = parseOptions(createOptions, raw);
      const [{ prisma }, { createUserWithPassword }, { hashPassword }] = await Promise.all([
        import("@arena/db"),
        import("@arena/db/accounts"),
        import("better-auth/crypto"),
      ]);
      const passwordHash = await hashPassword(await readPassword(o.passwordEnv));
      const row = await createUserWithPassword(prisma(), {
        email: o.email,
        name: o.name ?? o.email.split("@")[0]!,
        role: o.role,
        passwordHash,
      });
      if (o.json) return console.log(JSON.stringify(row));
      console.log(`created ${row.role} ${row.email} (${row.id})`);
    });

  user
    .command("list")
    .description("list accounts with their roles")
    .option("--json", "machine-readable output")
    .action(async (opts: { json?: boolean }) => {
      const [{ prisma }, { listUsers }] = await Promise.all([import("@arena/db"), import("@arena/db/accounts")]);
      const rows = await listUsers(prisma());
      if (opts.json) return console.log(JSON.stringify(rows));
      if (!rows.length) return console.log("no users");
      for (const r of rows) console.log(`${r.email.padEnd(36)} ${(r.role ?? "").padEnd(8)} ${r.id}`);
    });

  user
    .command("set-role <email> <role>")
    .description("change an account's role (its sessions end)")
    .action(async (email: string, rawRole: string) => {
      const r = parseOptions(z.object({ role }), { role: rawRole });
      const [{ prisma }, { setUserRole }] = await Promise.all([import("@arena/db"), import("@arena/db/accounts")]);
      const row = await setUserRole(prisma(), email, r.role);
      console.log(`${row.email} is now ${row.role}`);
    });
}
