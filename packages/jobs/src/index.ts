export * from "./redis";
export * from "./queues";
export * from "./agent-limiter";
