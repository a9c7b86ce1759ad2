/**
 * The fake Discord keeps the rules of real Discord that bots get wrong: the 3 s deadline, the
 * first follow-up after a defer, the documented limits (400, code 50035 with `errors`), modal
 * submits as today's clients send them, and component presses carrying their message's flags.
 */
import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import {
  ApplicationCommandOptionType,
  ButtonStyle,
  Client,
  ComponentType,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  MessageFlags,
  type Interaction,
  TextInputStyle,
  type APIButtonComponentWithCustomId,
  type APIContainerComponent,
  type APIMessageTopLevelComponent,
  type APISectionComponent,
  type APITextDisplayComponent,
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

const V2 = MessageFlags.IsComponentsV2;

function text(content: string): APITextDisplayComponent {
  return { type: ComponentType.TextDisplay, content };
}

function button(customId: string): APIButtonComponentWithCustomId {
  return {
    type: ComponentType.Button,
    style: ButtonStyle.Primary,
    custom_id: customId,
    label: "Go",
  };
}

function container(...components: APIContainerComponent["components"]): APIContainerComponent {
  return { type: ComponentType.Container, components };
}

function section(texts: number, accessory = button("sec")): APISectionComponent {
  const components = Array.from({ length: texts }, (_, i) => text(`line ${i}`));
  return { type: ComponentType.Section, components, accessory };
}

/** Replies to a slash command with a Components V2 message. */
function replyV2(
  interaction: Interaction,
  components: APIMessageTopLevelComponent[],
): Promise<unknown> {
  return interaction.isRepliable()
    ? interaction.reply({ flags: V2, components })
    : Promise.resolve();
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

  /** Runs `respond` on a slash command; it must succeed. Returns the original message after it. */
  const accepted = async (respond: (interaction: Interaction) => Promise<unknown>) => {
    next = async (interaction) => {
      await respond(interaction);
    };
    const handle = fake.sendSlashCommand({ name: "ask" });
    expect(await outcomeOf(handle)).toBeUndefined();
    return handle.waitForOriginal();
  };

  it("Components V2: a container with text, a section with a button, a row with a select", async () => {
    const select = {
      type: ComponentType.StringSelect as const,
      custom_id: "pick",
      options: [{ label: "a", value: "a" }],
    };
    const message = await accepted((i) =>
      replyV2(i, [
        container(text("# Sheet"), section(2), {
          type: ComponentType.ActionRow,
          components: [select],
        }),
      ]),
    );
    expect((message.flags ?? 0) & V2).toBe(V2);
    expect(message.components).toHaveLength(1);
  });

  it("Components V2: more than 40 components, nested ones counted", async () => {
    const texts = Array.from({ length: 40 }, (_, i) => text(`t${i}`));
    const errors = await refusal((i) => replyV2(i, [container(...texts)]));
    expect(errors).toContain("Must be 40 or fewer in length.");
  });

  it("Components V2: more than 4,000 characters of text across displays", async () => {
    const errors = await refusal((i) =>
      replyV2(i, [text("x".repeat(2000)), text("y".repeat(2001))]),
    );
    expect(errors).toContain("Text displays must total 4000 or fewer characters.");
  });

  it("Components V2: a section with 4 texts", async () => {
    const errors = await refusal((i) => replyV2(i, [section(4)]));
    expect(errors).toContain("Must be between 1 and 3 in length.");
  });

  it("Components V2: a row in a container keeps the row limits, and custom ids are unique", async () => {
    const six = ["a", "b", "c", "d", "e", "f"].map(button);
    const errors = await refusal((i) =>
      replyV2(i, [
        container({ type: ComponentType.ActionRow, components: six }, section(1, button("a"))),
      ]),
    );
    expect(errors).toContain("Must be between 1 and 5 in length.");
    expect(errors).toContain("COMPONENT_CUSTOM_ID_DUPLICATED");
  });

  it("Components V2: content alongside the flag", async () => {
    const errors = await refusal((i) =>
      i.isRepliable() ? i.reply({ flags: V2, content: "hi", components: [text("t")] }) : sleep(0),
    );
    expect(errors).toContain("MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2");
  });

  it("Components V2: an edit without flags is still V2, and keeps the flag", async () => {
    const message = await accepted(async (i) => {
      await replyV2(i, [text("before")]);
      if (i.isRepliable()) await i.editReply({ components: [container(text("after"))] });
    });
    expect((message.flags ?? 0) & V2).toBe(V2);
    expect(JSON.stringify(message.components)).toContain("after");
  });

  it("Components V2: a button's update without flags is still V2", async () => {
    const sheet = await accepted((i) => replyV2(i, [section(1, button("turn"))]));
    next = async (interaction) => {
      if (interaction.isButton()) await interaction.update({ components: [text("turned")] });
    };
    const press = fake.sendButton({ customId: "turn", messageId: sheet.id });
    expect(await outcomeOf(press)).toBeUndefined();
    const updated = await press.waitForOriginal();
    expect((updated.flags ?? 0) & V2).toBe(V2);
    expect(updated.components).toEqual([text("turned")]);
  });

  it("Components V2: an edit that removes the flag, or adds content", async () => {
    const removed = await refusal(async (i) => {
      await replyV2(i, [text("sheet")]);
      if (i.isRepliable()) await i.editReply({ flags: MessageFlags.SuppressEmbeds });
    });
    expect(removed).toContain('"flags"');
    const withContent = await refusal(async (i) => {
      await replyV2(i, [text("sheet")]);
      if (i.isRepliable()) await i.editReply("now plain text");
    });
    expect(withContent).toContain("MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2");
  });

  it("Components V2: a plain message turned V2 without resetting its content", async () => {
    const errors = await refusal(async (i) => {
      if (!i.isRepliable()) return;
      await i.reply("plain");
      await i.editReply({ flags: V2, components: [text("sheet")] });
    });
    expect(errors).toContain("MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2");
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
