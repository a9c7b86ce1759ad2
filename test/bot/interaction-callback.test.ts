/**
 * The first answer posted directly carries the body discord.js's `interaction.reply` would post,
 * and leaves to discord.js what only it can send (files, components given as discord.js data).
 */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  ComponentType,
  EmbedBuilder,
  MessageFlags,
  MessagePayload,
  type InteractionReplyOptions,
} from "discord.js";
import { afterAll, describe, expect, it } from "vitest";
import { directReplyBody } from "../../src/bot/interaction-callback.js";
import { noMentions } from "../../src/bot/reply.js";

const client = new Client({ intents: [] });
afterAll(() => client.destroy());

/**
 * What discord.js would post for the same options, as JSON (undefined fields dropped), less
 * `enforce_nonce`: a field of channel messages that interaction callbacks do not have.
 */
function discordJsBody(options: InteractionReplyOptions): unknown {
  const payload = MessagePayload.create({ client } as never, options).resolveBody();
  const { enforce_nonce: _ignored, ...body } = payload.body as Record<string, unknown>;
  return JSON.parse(JSON.stringify(body));
}

const row = () =>
  new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId("san:project:9")
      .setLabel("Project")
      .setStyle(ButtonStyle.Primary),
  );

describe("a first answer posted directly", () => {
  it.each<[string, InteractionReplyOptions]>([
    ["text", { content: "Rolled **42**", allowedMentions: noMentions() }],
    [
      "a private answer",
      { content: "Nope", flags: MessageFlags.Ephemeral, allowedMentions: noMentions() },
    ],
    [
      "embeds, built and as data",
      {
        embeds: [new EmbedBuilder({ title: "Success — Occult", color: 3 }), { title: "plain" }],
        allowedMentions: noMentions(),
      },
    ],
    [
      "buttons",
      { embeds: [{ title: "SAN test" }], components: [row()], allowedMentions: noMentions() },
    ],
  ])("posts what discord.js would post: %s", (_name, options) => {
    expect(JSON.parse(JSON.stringify(directReplyBody(options)))).toEqual(discordJsBody(options));
  });

  it("leaves answers that may mention someone to interaction.reply", () => {
    expect(directReplyBody({ content: "hi" })).toBeUndefined();
    expect(
      directReplyBody({ content: "hi", allowedMentions: { parse: [], users: ["1"] } }),
    ).toBeUndefined();
  });

  it("leaves files and components given as discord.js data to interaction.reply", () => {
    expect(
      directReplyBody({
        files: [{ attachment: Buffer.from("x"), name: "sheet.json" }],
        allowedMentions: noMentions(),
      }),
    ).toBeUndefined();
    expect(
      directReplyBody({
        allowedMentions: noMentions(),
        components: [
          {
            type: ComponentType.ActionRow,
            components: [
              { type: ComponentType.Button, customId: "a", label: "b", style: ButtonStyle.Primary },
            ],
          },
        ],
      }),
    ).toBeUndefined();
  });
});
