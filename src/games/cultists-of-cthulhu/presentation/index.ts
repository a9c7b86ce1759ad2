/**
 * The presentation of Cultists of Cthulhu: every sentence a player reads, rendered from the
 * rules' views, facts and refusals as Discord message data. Pure: no I/O, no state.
 */
export { actionMessage } from "./announce.js";
export { cardLine, cardLines, cardName } from "./cards.js";
export type { RenderContext } from "./context.js";
export * from "./custom-ids.js";
export { diceLine, dieFace, tallyLine } from "./dice.js";
export { escapeUserText } from "./escape.js";
export { FACT_TEXT, factText } from "./fact-text.js";
export { gameEndMessage } from "./game-end.js";
export { COMMAND_KEYS, helpMessage, type CommandKey, type CommandNames } from "./help.js";
export { HISTORY_PAGE_SIZE, historyLines, historyMessage } from "./history.js";
export { cut, DISCORD_LIMITS, fitEmbeds } from "./limits.js";
export { lobbyMessage } from "./lobby.js";
export type { ActionRow, GameMessage } from "./messages.js";
export { namesFor, type Names, type PlayerNames } from "./names.js";
export { refusalMessage } from "./refusal-message.js";
export { REFUSAL_TEXT, refusalText, type RefusalWords } from "./refusal-text.js";
export { EXTRA_DICE_MAX } from "./reroll-components.js";
export { revealChoice, roleMessage } from "./role-view.js";
export { rollMessage, type RollOptions } from "./roll-message.js";
export { rollStart } from "./roll-sequence.js";
export { SETTING_NAME, settingValue } from "./settings-text.js";
export { SETTABLE_EXPECTED, SETTABLE_NAME } from "./setting-change-text.js";
export { statusMessage } from "./status.js";
export { asPlayerView, asTableView, type PlayerView, type TableView } from "./views.js";
export * from "./words.js";
