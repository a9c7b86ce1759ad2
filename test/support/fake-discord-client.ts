/**
 * A real discord.js Client logged in to a fake Discord of its own, for the tests of the fake:
 * the commands they use, and the client's start and stop around one test file.
 */
import {
  ApplicationCommandOptionType,
  Client,
  Events,
  GatewayIntentBits,
  type Interaction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from "discord.js";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import {
  startFakeDiscord,
  type FakeDiscord,
  type StartFakeDiscordOptions,
} from "./fake-discord/index.js";

export type Handler = (interaction: Interaction) => Promise<void>;

export const COMMANDS: RESTPostAPIChatInputApplicationCommandsJSONBody[] = [
  {
    name: "roll",
    description: "Roll dice",
    options: [
      {
        type: ApplicationCommandOptionType.String,
        name: "dice",
        description: "e.g. 1d100",
        required: true,
      },
      { type: ApplicationCommandOptionType.Integer, name: "bonus", description: "modifier" },
      {
        type: ApplicationCommandOptionType.String,
        name: "skill",
        description: "skill",
        autocomplete: true,
      },
    ],
  },
  {
    name: "sheet",
    description: "Character sheet",
    options: [
      {
        type: ApplicationCommandOptionType.Subcommand,
        name: "show",
        description: "Show a sheet",
        options: [{ type: ApplicationCommandOptionType.User, name: "who", description: "whose" }],
      },
    ],
  },
];

export interface ClientOnFake {
  readonly fake: FakeDiscord;
  readonly client: Client;
  /** Answers the client's interactions; reset after each test, and anything it throws fails it. */
  handler: Handler;
}

/** Starts the fake and logs the client in before the file's tests, and stops both after them. */
export function clientOnFakeDiscord(options?: StartFakeDiscordOptions): ClientOnFake {
  let started: { fake: FakeDiscord; client: Client } | undefined;
  const handlerErrors: unknown[] = [];
  const running = () => {
    if (started === undefined) throw new Error("the fake Discord starts in beforeAll");
    return started;
  };
  const on: ClientOnFake = {
    get fake() {
      return running().fake;
    },
    get client() {
      return running().client;
    },
    handler: () => Promise.resolve(),
  };

  beforeAll(async () => {
    const fake = await startFakeDiscord(options);
    const client = new Client({
      intents: [GatewayIntentBits.Guilds],
      rest: { api: fake.apiUrl },
      // discord.js spaces IDENTIFYs 5-6.5s apart; skip that so the re-identify test stays fast.
      ws: { buildIdentifyThrottler: () => ({ waitForIdentify: () => Promise.resolve() }) },
    });
    started = { fake, client };
    client.on(Events.InteractionCreate, (interaction) => {
      on.handler(interaction).catch((error: unknown) => handlerErrors.push(error));
    });
    const ready = new Promise<void>((resolve) =>
      client.once(Events.ClientReady, () => {
        resolve();
      }),
    );
    await client.login("fake-token");
    await ready;
    await client.application?.commands.set(COMMANDS);
  });

  afterEach(() => {
    on.handler = () => Promise.resolve();
    expect(handlerErrors).toEqual([]);
  });

  afterAll(async () => {
    await started?.client.destroy();
    await started?.fake.close();
  });
  return on;
}
