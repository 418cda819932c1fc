import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import type { PrismaClient } from "./generated/client";

/**
 * Account data beside better-auth's own tables: operator settings, roles, personal API tokens.
 * better-auth writes User/Session/Account itself; these functions are what the CLI and the web
 * app's server code call instead of querying models directly.
 */

export const ROLES = ["admin", "auditor", "owner"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

// ---------------------------------------------------------------- settings

/** The settings as the console reads them (GET/POST /api/console/settings). */
export const settingsSchema = z.object({ openSignUp: z.boolean(), autoApproval: z.boolean() });
/** A change of some settings (POST /api/console/settings). */
export const settingsUpdateSchema = settingsSchema.partial().strict();

export interface Settings {
  /** Owners may create their own accounts. */
  openSignUp: boolean;
  /** Submitted agents are approved without an admin. */
  autoApproval: boolean;
}

const DEFAULT_SETTINGS: Settings = { openSignUp: true, autoApproval: false };

export async function readSettings(db: PrismaClient): Promise<Settings> {
  const rows = await db.setting.findMany({ where: { key: { in: Object.keys(DEFAULT_SETTINGS) } } });
  const out = { ...DEFAULT_SETTINGS };
  for (const r of rows) if (typeof r.value === "boolean") out[r.key as keyof Settings] = r.value;
  return out;
}

export async function writeSetting(db: PrismaClient, key: keyof Settings, value: boolean): Promise<void> {
  await db.setting.upsert({ where: { key }, create: { key, value }, update: { value } });
}

// ---------------------------------------------------------------- users (CLI and console)

export interface UserRow {
  id: string;
  email: string;
  name: string;
  role: string | null;
  createdAt: Date;
}

const USER_SELECT = { id: true, email: true, name: true, role: true, createdAt: true } as const;

export function listUsers(db: PrismaClient): Promise<UserRow[]> {
  return db.user.findMany({ select: USER_SELECT, orderBy: { createdAt: "asc" } });
}

/** Sets a user's role and ends their sessions, so the new role applies at the next sign-in. */
export async function setUserRole(db: PrismaClient, email: string, role: Role): Promise<UserRow> {
  const user = await db.user.findUnique({ where: { email: email.toLowerCase() }, select: { id: true } });
  if (!user) throw new Error(`no user ${email}`);
  const [row] = await db.$transaction([
    db.user.update({ where: { id: user.id }, data: { role }, select: USER_SELECT }),
    db.session.deleteMany({ where: { userId: user.id } }),
  ]);
  return row;
}

/**
 * A user with a credential account as better-auth stores one (providerId "credential",
 * accountId = user id); `passwordHash` comes from better-auth's own hasher.
 */
export async function createUserWithPassword(
  db: PrismaClient,
  u: { email: string; name: string; role: Role; passwordHash: string },
): Promise<UserRow> {
  const id = randomBytes(16).toString("hex");
  const email = u.email.toLowerCase();
  if (await db.user.findUnique({ where: { email }, select: { id: true } })) throw new Error(`a user with email ${email} exists already`);
  return db.user.create({
    data: {
      id,
      email,
      name: u.name,
      role: u.role,
      emailVerified: true,
      accounts: { create: { id: randomBytes(16).toString("hex"), accountId: id, providerId: "credential", password: u.passwordHash } },
    },
    select: USER_SELECT,
  });
}

// ---------------------------------------------------------------- personal API tokens

const TOKEN_PREFIX = "arena_pat_";

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface ApiTokenRow {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const TOKEN_SELECT = { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;

/** Creates a token; the clear value is returned once and only its SHA-256 is stored. */
export async function createApiToken(db: PrismaClient, userId: string, name: string): Promise<{ token: string; row: ApiTokenRow }> {
  const token = `${TOKEN_PREFIX}${randomBytes(24).toString("base64url")}`;
  const row = await db.apiToken.create({
    data: { userId, name, tokenHash: hashToken(token), prefix: token.slice(0, TOKEN_PREFIX.length + 6) },
    select: TOKEN_SELECT,
  });
  return { token, row };
}

export function listApiTokens(db: PrismaClient, userId: string): Promise<ApiTokenRow[]> {
  return db.apiToken.findMany({ where: { userId }, select: TOKEN_SELECT, orderBy: { createdAt: "desc" } });
}

/** Revokes one of the user's own tokens; false when there is no such live token. */
export async function revokeApiToken(db: PrismaClient, userId: string, id: string): Promise<boolean> {
  const { count } = await db.apiToken.updateMany({ where: { id, userId, revokedAt: null }, data: { revokedAt: new Date() } });
  return count > 0;
}

/** The user a live token belongs to (banned users excluded), or null. */
export async function userForApiToken(db: PrismaClient, token: string): Promise<UserRow | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return null;
  const row = await db.apiToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, revokedAt: true, user: { select: { ...USER_SELECT, banned: true } } },
  });
  if (!row || row.revokedAt || row.user.banned) return null;
  await db.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } });
  const { banned: _banned, ...user } = row.user;
  return user;
}

// ---------------------------------------------------------------- address-guard allow-list (AllowedHost)

/** A new allow-list entry (POST /api/console/allowed-hosts). */
export const allowedHostRequestSchema = z.object({
  pattern: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .regex(/^[\w.:\-[\]/]+$/, "hostname, IP, CIDR or host:port"),
  note: z.string().max(500).nullable().default(null),
});
/** An allow-list entry as the API answers it. */
export const allowedHostSchema = z.object({
  id: z.string(),
  pattern: z.string(),
  note: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

export interface AllowedHostRow {
  id: string;
  pattern: string;
  note: string | null;
  createdAt: Date;
}

export function listAllowedHosts(db: PrismaClient): Promise<AllowedHostRow[]> {
  return db.allowedHost.findMany({ orderBy: { pattern: "asc" } });
}

/** Adds an entry (hostname, IP, CIDR or host:port, as ARENA_ALLOW_HOSTS takes); idempotent. */
export function addAllowedHost(db: PrismaClient, pattern: string, note: string | null): Promise<AllowedHostRow> {
  const p = pattern.trim().toLowerCase();
  return db.allowedHost.upsert({ where: { pattern: p }, create: { pattern: p, note }, update: { note } });
}

export async function removeAllowedHost(db: PrismaClient, id: string): Promise<void> {
  await db.allowedHost.deleteMany({ where: { id } });
}

// ---------------------------------------------------------------- failed sign-ins

/**
 * Failed sign-ins are counted twice, apart: per account (its e-mail) and per client address.
 * Behind a reverse proxy every person shares one address, so the address limit is loose and the
 * account limit strict: one person mistyping (or someone guessing) one account's password locks
 * that account only, and another account's right password still signs in from the same address.
 * Counters live in better-auth's RateLimit table (PostgreSQL, shared by every web process) under
 * keys of their own; a counter restarts when its last failure is older than the window.
 */
export const SIGN_IN_FAILURE_LIMITS = {
  account: { max: 5, windowMs: 60_000 },
  address: { max: 30, windowMs: 60_000 },
} as const;

export type SignInScope = keyof typeof SIGN_IN_FAILURE_LIMITS;

export interface SignInAttempt {
  email: string;
  /** The connection's address (null when unknown: then only the account counts). */
  address: string | null;
}

function failureKeys(a: SignInAttempt): Array<{ scope: SignInScope; key: string }> {
  const keys: Array<{ scope: SignInScope; key: string }> = [
    { scope: "account", key: `sign-in-failures:account:${a.email.trim().toLowerCase()}` },
  ];
  if (a.address) keys.push({ scope: "address", key: `sign-in-failures:address:${a.address}` });
  return keys;
}

/** Which limit refuses this attempt before the password is looked at, if any. */
export async function signInRefusal(db: PrismaClient, attempt: SignInAttempt, now = Date.now()): Promise<SignInScope | null> {
  const keys = failureKeys(attempt);
  const rows = await db.rateLimit.findMany({ where: { key: { in: keys.map((k) => k.key) } } });
  for (const { scope, key } of keys) {
    const row = rows.find((r) => r.key === key);
    const limit = SIGN_IN_FAILURE_LIMITS[scope];
    if (row && row.count >= limit.max && now - Number(row.lastRequest) < limit.windowMs) return scope;
  }
  return null;
}

/** Counts one failed sign-in against the account and the address (atomic: concurrent failures all count). */
export async function recordSignInFailure(db: PrismaClient, attempt: SignInAttempt, now = Date.now()): Promise<void> {
  for (const { scope, key } of failureKeys(attempt)) {
    const since = BigInt(now - SIGN_IN_FAILURE_LIMITS[scope].windowMs);
    await db.$executeRaw`INSERT INTO "RateLimit" ("id", "key", "count", "lastRequest") VALUES (${key}, ${key}, 1, ${BigInt(now)})
      ON CONFLICT ("key") DO UPDATE SET "count" = CASE WHEN "RateLimit"."lastRequest" < ${since} THEN 1 ELSE "RateLimit"."count" + 1 END, "lastRequest" = ${BigInt(now)}`;
  }
}

/** A successful sign-in forgives the account's earlier failures (the address keeps its count). */
export async function clearAccountFailures(db: PrismaClient, email: string): Promise<void> {
  const [account] = failureKeys({ email, address: null });
  if (account) await db.rateLimit.deleteMany({ where: { key: account.key } });
}
