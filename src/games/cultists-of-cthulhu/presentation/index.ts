export { escapeUserText } from "./escape.js";
export { cut, DISCORD_LIMITS, fitEmbeds } from "./limits.js";
