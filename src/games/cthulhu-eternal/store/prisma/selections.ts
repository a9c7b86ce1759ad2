import type { Client } from "../../../../store/database.js";
import type { SelectionRepository } from "../store.js";
import { SHEET, sheetOf } from "./protagonists.js";

export function selectionsOn(client: Client): SelectionRepository {
  return {
    chosen: async ({ guildId, userId, campaignId, channelIds }) => {
      // The sheet comes with its selection: one query on PostgreSQL (relation joins), where
      // reading the selection and then the sheet took two round trips on every command.
      const rows = await client.activeProtagonist.findMany({
        where: {
          guildId,
          userId,
          campaignId,
          channelId: { in: [...channelIds] },
          protagonist: { is: { guildId } },
        },
        select: { channelId: true, protagonist: { include: SHEET } },
      });
      // The first of the channels, in the order given, that has a choice.
      for (const channelId of channelIds) {
        const row = rows.find((r) => r.channelId === channelId);
        if (row) return sheetOf(row.protagonist);
      }
      return undefined;
    },
    choose: async ({ guildId, userId, campaignId, channelId }, protagonistId) => {
      await client.activeProtagonist.upsert({
        where: { guildId_userId_campaignId_channelId: { guildId, userId, campaignId, channelId } },
        create: { guildId, userId, campaignId, channelId, protagonistId },
        update: { protagonistId },
      });
    },
    clearFor: async (guildId, protagonistId) => {
      await client.activeProtagonist.deleteMany({ where: { guildId, protagonistId } });
    },
  };
}
