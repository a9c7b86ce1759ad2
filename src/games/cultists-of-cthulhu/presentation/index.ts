export type { RenderContext } from "./context.js";
export * from "./custom-ids.js";
export { escapeUserText } from "./escape.js";
export { cut, DISCORD_LIMITS, fitEmbeds } from "./limits.js";
export type { ActionRow, GameMessage } from "./messages.js";
export { namesFor, type Names, type PlayerNames } from "./names.js";
export { asPlayerView, asTableView, type PlayerView, type TableView } from "./views.js";
