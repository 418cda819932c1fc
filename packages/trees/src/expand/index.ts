export { expandDepth, expandWidth, type ExpandResult, type ExpandOptions } from "./expand";
