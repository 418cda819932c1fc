/** The console's panels, one file each; the console pages import them from here. */
export { AgentsPanel } from "./agents";
export { ExaminersPanel } from "./examiners";
export { SettingsPanel } from "./settings";
export { TournamentsPanel } from "./tournaments";
export { TreesPanel } from "./trees";
