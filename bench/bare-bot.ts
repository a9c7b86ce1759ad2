/**
 * The baseline of the end-to-end and start-up benchmarks: the least a discord.js bot can be. Logs
 * in with the Guilds intent and answers every interaction with "ok". Logs JSON lines like the bot.
 *   DISCORD_TOKEN=… DISCORD_API_URL=… node dist/bench/bench/bare-bot.js
 */
import { Client, Events, GatewayIntentBits } from "discord.js";

const client = new Client({
  intents: [GatewayIntentBits.Guilds],
  rest: { api: process.env.DISCORD_API_URL ?? "https://discord.com/api" },
});

client.on(Events.InteractionCreate, (interaction) => {
  const answer = interaction.isAutocomplete()
    ? interaction.respond([{ name: "ok", value: "ok" }])
    : interaction.isRepliable()
      ? interaction.reply({ content: "ok" })
      : Promise.resolve();
  answer.catch((error: unknown) => {
    console.error(error);
  });
});
client.once(Events.ClientReady, () => {
  console.log(JSON.stringify({ msg: "ready" }));
});
process.once("SIGTERM", () => {
  void client.destroy().finally(() => process.exit(0));
});

await client.login(process.env.DISCORD_TOKEN);
