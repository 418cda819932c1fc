export { createRedis, keyPrefix } from "./redis";
export { createQueue, enqueue, jobIdFor, parsePayload, type Payload, type QueueName } from "./queues";
export { AgentLimiter, type AgentLimits } from "./agent-limiter";
export { arenaEventSchema, eventsChannel, publishEvent, subscribeEvents, type ArenaEvent } from "./events";
