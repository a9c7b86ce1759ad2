/** What the bot says when it cannot run the handler a player expected. */
export const messages = {
  unknownCommand:
    "This command is not available any more. Discord may still be updating the command list: try again in a minute.",
  expired: {
    button: "This button has expired. Run the command again to get a fresh one.",
    selectMenu: "This menu has expired. Run the command again to get a fresh one.",
    modal: "This form has expired. Run the command again to get a fresh one.",
  },
  restarting: "The bot is restarting. Try again in a moment.",
  done: "Done.",
  /** Replaces a "thinking…" that could not be removed, when the answer had to go out apart. */
  answeredSeparately: "Answered in a separate message.",
  slowDown: (seconds: number): string =>
    `Slow down: you are changing things faster than the table can follow. Nothing was changed; try again in ${seconds} s.`,
  rollingTooFast: (seconds: number): string =>
    `You're rolling faster than the table can read — wait ${seconds} s. Nothing was rolled.`,
  internalError: (reference: string): string =>
    `Something went wrong on our side. If it keeps happening, tell the bot's host this reference: \`${reference}\`.`,
} as const;
