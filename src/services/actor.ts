import { z } from "zod";
import { snowflake } from "./validation.js";

/** Who is acting, and where: everything a service needs to scope and authorise a request. */
export const actorSchema = z.object({
  guildId: snowflake,
  userId: snowflake,
  channelId: snowflake,
  /** The member's role ids (for GM roles). */
  roleIds: z.array(snowflake).max(250),
  /** Discord's Manage Server permission: such members are GMs of every campaign. */
  canManageGuild: z.boolean(),
});

export type Actor = z.infer<typeof actorSchema>;
