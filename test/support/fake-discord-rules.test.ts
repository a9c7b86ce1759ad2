/**
 * The fake Discord keeps the rules of real Discord that bots get wrong: the 3 s deadline, the
 * first follow-up after a defer, the documented limits (400, code 50035 with `errors`), modal
 * submits as today's clients send them, and component presses carrying their message's flags.
 */
import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import {
  ApplicationCommandOptionType,
  Client,
  ComponentType,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  MessageFlags,
  type Interaction,
  TextInputStyle,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from "discord.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeDiscord, type FakeDiscord } from "./fake-discord/index.js";

type Handler = (interaction: Interaction) => Promise<void>;

const DEADLINE_MS = 300;

const COMMANDS: RESTPostAPIChatInputApplicationCommandsJSONBody[] = [
  {
    name: "ask",
    description: "Ask",
    options: [
      {
        type: ApplicationCommandOptionType.String,
        name: "topic",
        description: "topic",
        autocomplete: true,
      },
    ],
  },
];

let fake: FakeDiscord;
let client: Client;
/** What the client does with the next interactions. */
let next: Handler = () => Promise.resolve();
/** Per interaction id: what its handler threw (undefined when it did not). */
const outcomes = new Map<string, Promise<unknown>>();

beforeAll(async () => {
  fake = await startFakeDiscord({ interactionDeadlineMs: DEADLINE_MS });
  client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiUrl } });
  client.on(Events.InteractionCreate, (interaction) => {
    outcomes.set(
      interaction.id,
      next(interaction).then(
        () => undefined,
        (error: unknown) => error,
      ),
    );
  });
  const ready = once(client, Events.ClientReady);
  await client.login("fake-token");
  await ready;
  await client.application?.commands.set(COMMANDS);
});

afterEach(() => {
  next = () => Promise.resolve();
});

afterAll(async () => {
  await client.destroy();
  await fake.close();
});

/** What the handler of this interaction threw, once it is done. */
async function outcomeOf(handle: { id: string }): Promise<unknown> {
  for (let waited = 0; !outcomes.has(handle.id); waited += 10) {
    if (waited > 5_000) throw new Error(`interaction ${handle.id} never reached the client`);
    await sleep(10);
  }
  return outcomes.get(handle.id);
}

function discordCode(error: unknown): unknown {
  return error instanceof DiscordAPIError ? error.code : error;
}

describe("the 3 s deadline", () => {
  it("refuses a late first answer with 10062, and the token is dead for follow-ups", async () => {
    let followUpError: unknown;
    next = async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await sleep(DEADLINE_MS + 100);
      try {
        await interaction.reply("too late");
      } finally {
        followUpError = await interaction.webhook.send("still here?").catch((e: unknown) => e);
      }
    };
    const error = await outcomeOf(fake.sendSlashCommand({ name: "ask" }));
    expect(discordCode(error)).toBe(10062);
    expect(discordCode(followUpError)).toBe(10015);
  });
});

describe("the first follow-up after a defer", () => {
  it("edits the public 'thinking…' and keeps it public, whatever its flags", async () => {
    next = async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.deferReply();
      await interaction.followUp({ content: "meant to be private", flags: MessageFlags.Ephemeral });
    };
    const handle = fake.sendSlashCommand({ name: "ask" });
    expect(await outcomeOf(handle)).toBeUndefined();
    const original = await handle.waitForOriginal();
    expect(original.content).toBe("meant to be private");
    expect((original.flags ?? 0) & MessageFlags.Ephemeral).toBe(0);
    expect(handle.followUps()).toEqual([]);
    expect(fake.channelMessages(fake.defaultChannelId())).toContainEqual(original);
  });

  it("is a message of its own, with its flags, once the placeholder is deleted", async () => {
    next = async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.deferReply();
      await interaction.deleteReply();
      await interaction.followUp({ content: "private", flags: MessageFlags.Ephemeral });
    };
    const handle = fake.sendSlashCommand({ name: "ask" });
    expect(await outcomeOf(handle)).toBeUndefined();
    const [followUp] = await handle.waitForFollowUps(1);
    expect(followUp?.flags).toBe(MessageFlags.Ephemeral);
    expect(handle.originalDeleted()).toBe(true);
  });
});

describe("Discord's documented limits", () => {
  const refusal = async (respond: (interaction: Interaction) => Promise<unknown>) => {
    next = async (interaction) => {
      await respond(interaction);
    };
    const error = await outcomeOf(fake.sendSlashCommand({ name: "ask" }));
    expect(error).toBeInstanceOf(DiscordAPIError);
    const api = error as DiscordAPIError;
    expect([api.status, api.code]).toEqual([400, 50035]);
    return JSON.stringify(api.rawError);
  };

  it("content over 2,000 characters", async () => {
    const errors = await refusal((i) => (i.isRepliable() ? i.reply("x".repeat(2001)) : sleep(0)));
    expect(errors).toContain("BASE_TYPE_MAX_LENGTH");
  });

  it("a modal's title over 45, a label over 45, a placeholder over 100", async () => {
    const errors = await refusal((i) =>
      i.isChatInputCommand()
        ? i.showModal({
            custom_id: "m",
            title: "t".repeat(46),
            components: [
              {
                type: ComponentType.Label,
                label: "l".repeat(46),
                component: {
                  type: ComponentType.TextInput,
                  custom_id: "f",
                  style: TextInputStyle.Short,
                  placeholder: "p".repeat(101),
                },
              },
            ],
          })
        : sleep(0),
    );
    expect(errors).toContain('"title"');
    expect(errors).toContain('"label"');
    expect(errors).toContain('"placeholder"');
  });

  it("a select option's description over 100", async () => {
    const errors = await refusal((i) =>
      i.isRepliable()
        ? i.reply({
            content: "pick",
            components: [
              {
                type: ComponentType.ActionRow,
                components: [
                  {
                    type: ComponentType.StringSelect,
                    custom_id: "s",
                    options: [{ label: "a", value: "a", description: "d".repeat(101) }],
                  },
                ],
              },
            ],
          })
        : sleep(0),
    );
    expect(errors).toContain('"description"');
  });
});

describe("what the fake sends", () => {
  it("modal submits in Label components, as today's clients send them", () => {
    const handle = fake.sendModalSubmit({ customId: "never-shown", fields: { note: "hi" } });
    const data = handle.payload.data as { components: { type: number }[] };
    expect(data.components.map((component) => component.type)).toEqual([ComponentType.Label]);
  });

  it("a button press on a private message carries that message's flags", async () => {
    let pressedFlags: number | undefined;
    next = async (interaction) => {
      if (interaction.isRepliable()) {
        await interaction.reply({ content: "panel", flags: MessageFlags.Ephemeral });
      }
    };
    const panel = fake.sendSlashCommand({ name: "ask" });
    expect(await outcomeOf(panel)).toBeUndefined();
    const message = await panel.waitForOriginal();
    next = async (interaction) => {
      if (!interaction.isButton()) return;
      pressedFlags = interaction.message.flags.bitfield;
      await interaction.deferUpdate();
    };
    expect(
      await outcomeOf(fake.sendButton({ customId: "more", messageId: message.id })),
    ).toBeUndefined();
    expect((pressedFlags ?? 0) & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
  });
});

describe("direct messages", () => {
  it("opens a DM channel and delivers the bot's message; a user with DMs closed gets 50007", async () => {
    const open = fake.sendSlashCommand({ name: "ask", user: "dm-open-user" }).payload;
    const openId = (open.member?.user ?? open.user)?.id ?? "";
    const user = await client.users.fetch(openId);
    await user.send({ content: "a private notice" });
    expect(fake.directMessagesTo(openId).map((m) => m.content)).toEqual(["a private notice"]);

    const closed = fake.sendSlashCommand({ name: "ask", user: "dm-closed-user" }).payload;
    const closedId = (closed.member?.user ?? closed.user)?.id ?? "";
    fake.closeDms(closedId);
    const error: unknown = await (
      await client.users.fetch(closedId)
    )
      .send({ content: "not delivered" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect((error as DiscordAPIError).code).toBe(50007);
    expect((error as DiscordAPIError).status).toBe(403);
    expect(fake.directMessagesTo(closedId)).toEqual([]);
  });
});
