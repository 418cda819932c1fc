import type { Redis } from "ioredis";
import { keyPrefix } from "./redis";

/**
 * Per-user limits shared by every web process: a sliding window kept in Redis (a sorted set of
 * the attempts' times per key, trimmed to the window), so N web servers behind a balancer allow
 * `max` attempts per window in all, not N × max. One Lua script checks and records atomically
 * on Redis's own clock, so concurrent requests on several servers cannot both take the last slot.
 */
const SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local used = redis.call('ZCARD', KEYS[1])
if used >= tonumber(ARGV[2]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, tonumber(oldest[2]) + window - now}
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return {1, 0}`;

export interface LimitResult {
  allowed: boolean;
  /** When refused: milliseconds until the oldest attempt leaves the window. */
  retryAfterMs: number;
}

/** Records an attempt under `name:subject` unless `max` were made in the last `windowMs`. */
export async function takeSlot(redis: Redis, name: string, subject: string, max: number, windowMs: number): Promise<LimitResult> {
  const member = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const [allowed, wait] = (await redis.eval(SCRIPT, 1, `${keyPrefix()}:limit:${name}:${subject}`, windowMs, max, member)) as [
    number,
    number,
  ];
  return { allowed: allowed === 1, retryAfterMs: Math.max(0, wait) };
}

const TURN = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local at = math.max(now, tonumber(redis.call('GET', KEYS[1]) or '0'))
local delay = tonumber(ARGV[1])
redis.call('SET', KEYS[1], at + delay, 'PX', at + delay - now + 60000)
return at - now`;

/**
 * Crawl politeness shared by every worker: each host's next request slot is booked in Redis
 * (on its clock), so two workers crawling one site still leave the delay between their requests.
 * Matches the trees package's HostTurns interface.
 */
export function hostTurns(redis: Redis): { take(host: string, delayMs: number): Promise<number> } {
  return { take: async (host, delayMs) => Number(await redis.eval(TURN, 1, `${keyPrefix()}:limit:host:${host}`, delayMs)) };
}
