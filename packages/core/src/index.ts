export * from "./types";
export * from "./tree-json";
