/**
 * The floor under the latency targets: the bare bot (bare-bot.ts) plus the minimum of a SAN
 * test in this stack, one Prisma transaction that reads a sheet (with its skills, Bonds and
 * disorders) and writes its event. It uses our store as the bot does (`openDatabase`,
 * `store.transaction`, `tx.protagonists.find`, `tx.events.append`) and nothing else: no rules,
 * checks or embeds. DATABASE_URL may name SQLite or PostgreSQL.
 *   DISCORD_TOKEN=… DISCORD_API_URL=… DATABASE_URL=file:… node dist/bench/bench/floor-bot.js
 */
import { Client, Events, GatewayIntentBits } from "discord.js";
import { openEternalDatabase } from "../src/games/cthulhu-eternal/store/open.js";
import { migrationFolders } from "../src/core/discord/paths.js";

const db = await openEternalDatabase(
  process.env.DATABASE_URL ?? "file:floor.db",
  migrationFolders(),
);
// A real sheet to read, and the event's target (the foreign key holds).
const sheet = await db.prisma.protagonist.findFirst({ select: { id: true, guildId: true } });

const client = new Client({
  intents: [GatewayIntentBits.Guilds],
  rest: { api: process.env.DISCORD_API_URL ?? "https://discord.com/api" },
});

client.on(Events.InteractionCreate, (interaction) => {
  if (!interaction.isChatInputCommand()) return;
  const logged = db.store.transaction(async (tx) => {
    if (sheet) await tx.protagonists.find(sheet.guildId, sheet.id);
    await tx.events.append({
      guildId: interaction.guildId ?? "",
      campaignId: null,
      actorId: interaction.user.id,
      kind: "floor",
      sessionNumber: null,
      input: { command: interaction.commandName },
      payloadVersion: 1,
      payload: { command: interaction.commandName },
      concerns: sheet ? [sheet.id] : [],
    });
  });
  logged
    .then(() => interaction.reply({ content: "ok" }))
    .catch((error: unknown) => {
      console.error(error);
    });
});
client.once(Events.ClientReady, () => {
  console.log(JSON.stringify({ msg: "ready" }));
});
process.once("SIGTERM", () => {
  void client
    .destroy()
    .then(() => db.close())
    .finally(() => process.exit(0));
});

await client.login(process.env.DISCORD_TOKEN);
