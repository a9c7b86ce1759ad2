/**
 * The floor under the latency targets: the bare bot (bare-bot.ts) plus the one thing every
 * command of ours must do before it answers, write its event-log row and commit it. It uses our
 * database code as the bot does (`openDatabase`, `store.transaction`, `tx.events.append`, so the same
 * pragmas, statements and WAL checkpoints) and nothing else: no reads, rules, checks or embeds.
 *   DISCORD_TOKEN=… DISCORD_API_URL=… DATABASE_URL=file:… node dist/bench/bench/floor-bot.js
 */
import { Client, Events, GatewayIntentBits } from "discord.js";
import { openEternalDatabase } from "../src/games/cthulhu-eternal/store/open.js";
import { migrationsDir } from "../src/core/discord/paths.js";

const db = await openEternalDatabase(process.env.DATABASE_URL ?? "file:floor.db", migrationsDir());
// A real row for the event's target (the foreign key holds), read once.
const target = db.sql.get<{ id: string }>(`SELECT "id" FROM "Protagonist" LIMIT 1`)?.id;

const client = new Client({
  intents: [GatewayIntentBits.Guilds],
  rest: { api: process.env.DISCORD_API_URL ?? "https://discord.com/api" },
});

client.on(Events.InteractionCreate, (interaction) => {
  if (!interaction.isChatInputCommand()) return;
  const logged = db.store.transaction((tx) =>
    tx.events.append({
      guildId: interaction.guildId ?? "",
      campaignId: null,
      actorId: interaction.user.id,
      kind: "floor",
      sessionNumber: null,
      input: { command: interaction.commandName },
      payloadVersion: 1,
      payload: { command: interaction.commandName },
      concerns: target === undefined ? [] : [target],
    }),
  );
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
