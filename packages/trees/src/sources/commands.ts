import type { PrismaClient } from "@arena/db";
import { createQueue, createRedis, enqueue, syncTreeScheduler } from "@arena/jobs";
import { runSchedule, setSchedule, type Schedule, type ScheduledRun } from "./schedule";

/**
 * The tree schedule's state-changing workflows as the CLI (`arena schedule set|run`) and the
 * console call them: the change in PostgreSQL, then the queue made to match it.
 */

/** Changes the schedule and makes the repeatable `schedule` job follow it. */
export async function applySchedule(db: PrismaClient, change: Partial<Schedule>) {
  const schedule = await setSchedule(db, change);
  const redis = createRedis();
  const queue = createQueue("schedule", redis);
  try {
    await syncTreeScheduler(queue, schedule);
  } finally {
    await queue.close();
    redis.disconnect();
  }
  return schedule;
}

/** One run now (what the repeatable job does): its crawl jobs go to the `crawl` queue for the workers. */
export async function runScheduleNow(db: PrismaClient): Promise<ScheduledRun> {
  const run = await runSchedule(db);
  const redis = createRedis();
  const queue = createQueue("crawl", redis);
  try {
    for (const crawlJobId of run.crawlJobIds) await enqueue(queue, "crawl", { crawlJobId });
  } finally {
    await queue.close();
    redis.disconnect();
  }
  return run;
}
