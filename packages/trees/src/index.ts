export * from "./store/index";
export * from "./sandbox/index";
export * from "./crawl/index";
export * from "./expand/index";
export * from "./world/index";
export * from "./sources";
