export { createRedis, keyPrefix } from "./redis";
export { createQueue, enqueue, jobIdFor, parsePayload, syncTreeScheduler, TREE_SCHEDULER_ID, type Payload, QueueName } from "./queues";
export { AgentLimiter, type AgentLimits } from "./agent-limiter";
export { arenaEventSchema, eventsChannel, publishEvent, subscribeEvents, type ArenaEvent } from "./events";
export {
  check,
  liveWorkers,
  heartbeatKey,
  webHealthSchema,
  workerHeartbeatSchema,
  serviceCheckSchema,
  HEARTBEAT_MS,
  HEARTBEAT_TTL_MS,
  type ServiceCheck,
  type WebHealth,
  type WorkerHeartbeat,
} from "./health";
export { takeSlot, hostTurns, type LimitResult } from "./limits";
export { readQueueDepths, queueDepthSchema, type QueueDepth } from "./depths";
export { openQueues, withQueue, withRedis, type Queues } from "./with-queue";
