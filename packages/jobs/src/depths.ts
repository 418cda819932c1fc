import type { Redis } from "ioredis";
import { z } from "zod";
import { createQueue, QueueName } from "./queues";

export const queueDepthSchema = z.object({
  name: z.string(),
  waiting: z.number().int(),
  active: z.number().int(),
  delayed: z.number().int(),
  failed: z.number().int(),
});
export type QueueDepth = z.infer<typeof queueDepthSchema>;

/** How many jobs wait, run, wait for a retry and have failed, per queue: the console's at-a-glance line. */
export async function readQueueDepths(connection: Redis): Promise<QueueDepth[]> {
  return Promise.all(
    Object.values(QueueName).map(async (name) => {
      const queue = createQueue(name, connection);
      try {
        const c = await queue.getJobCounts("waiting", "prioritized", "active", "delayed", "failed");
        return queueDepthSchema.parse({
          name,
          waiting: (c.waiting ?? 0) + (c.prioritized ?? 0),
          active: c.active ?? 0,
          delayed: c.delayed ?? 0,
          failed: c.failed ?? 0,
        });
      } finally {
        await queue.close();
      }
    }),
  );
}
