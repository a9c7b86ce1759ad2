import type { BaseInteraction } from "discord.js";
import { UserError } from "../../../core/discord/user-facing-error.js";

/**
 * Buttons that act for whoever ran the command carry that user's id in their custom id; anyone
 * else pressing them is told so privately, and nothing happens.
 */
export function assertRequester(
  interaction: BaseInteraction,
  requesterId: string | undefined,
  command: string,
): void {
  if (requesterId !== undefined && interaction.user.id === requesterId) return;
  throw new UserError(
    `These buttons belong to whoever ran \`/${command}\`. Run \`/${command}\` yourself to get your own.`,
  );
}
