import { expect, vi } from "vitest";
import type { InteractionHandle, StoredApiMessage } from "../../support/fake-discord/index.js";
import { buttonIds, type SeededBot } from "./seeded-bot.js";

/** Driving `/cultists` through the fake Discord, as players would. */

export type Value = string | number | boolean;

export function cultists(
  t: SeededBot,
  user: string,
  path: string,
  options: Record<string, Value> = {},
): InteractionHandle {
  const [first, second] = path.split(" ");
  return t.fake.sendSlashCommand({
    name: "cultists",
    user,
    ...(second === undefined
      ? { subcommand: first }
      : { subcommandGroup: first, subcommand: second }),
    options,
  });
}

/** The answer a command got (its original response). */
export function answer(
  t: SeededBot,
  user: string,
  path: string,
  options: Record<string, Value> = {},
): Promise<StoredApiMessage> {
  return cultists(t, user, path, options).waitForOriginal();
}

export function sheetOptions(name: string): Record<string, Value> {
  return {
    name,
    wounds: 3,
    speed: 3,
    defense: 1,
    stage2: 3,
    stage3: 6,
    "horror-end": 9,
    brawn: "Green Blue",
    finesse: "Green",
    reason: "Green Green",
    focus: "Blue",
  };
}

/** Presses the button whose custom id has this action, on the message with this id. */
export function pressOn(
  t: SeededBot,
  message: StoredApiMessage,
  action: string,
  user: string,
): InteractionHandle {
  const id = buttonIds(message).find((c) => c.split(":")[1] === action);
  if (!id) throw new Error(`no ${action} button on ${JSON.stringify(message.components)}`);
  return t.fake.sendButton({ customId: id, messageId: message.id, user });
}

/** Every text of a message: content, titles, descriptions, fields, footers. */
export function textOf(message: StoredApiMessage | undefined): string {
  if (!message) return "";
  return [
    message.content,
    ...message.embeds.flatMap((e) => [
      e.title,
      e.description,
      e.footer?.text,
      ...(e.fields ?? []).flatMap((f) => [f.name, f.value]),
    ]),
  ]
    .filter((s): s is string => typeof s === "string")
    .join("\n");
}

/** The choices autocomplete offers for `focused`. */
export async function choices(
  t: SeededBot,
  user: string,
  path: string,
  focused: string,
  options: Record<string, Value> = {},
): Promise<{ name: string; value: string }[]> {
  const [first, second] = path.split(" ");
  const handle = t.fake.sendAutocomplete({
    name: "cultists",
    user,
    ...(second === undefined
      ? { subcommand: first }
      : { subcommandGroup: first, subcommand: second }),
    options: { [focused]: "", ...options },
    focused,
  });
  const response = await handle.response();
  const data = response.data as { choices?: { name: string; value: string }[] } | undefined;
  return data?.choices ?? [];
}

/** Opens a game with these players joined (lobby buttons), started, characters entered, cards in. */
export async function tableReady(
  t: SeededBot,
  host: string,
  players: string[],
  perPlayer: number,
): Promise<StoredApiMessage> {
  const status = await answer(t, host, "open", { scenario: "Fungi from Yuggoth" });
  for (const p of players) await pressOn(t, status, "join", p).response();
  await pressOn(t, t.fake.message(status.id) ?? status, "start", host).response();
  for (const [i, p] of players.entries()) {
    for (let c = 1; c <= perPlayer; c++)
      await answer(t, p, "character enter", sheetOptions(`Investigator ${i + 1}-${c}`));
  }
  for (const [n, text] of [
    [15, "The Mi-Go come"],
    [20, "Become a Mi-Go"],
    [25, "The Outer God"],
  ] as const) {
    await answer(t, host, "card cultist", { number: n, text });
  }
  // The status is edited after each answer: wait until it shows every card.
  await vi.waitFor(() => {
    expect(textOf(t.fake.message(status.id))).toContain("✅ 25");
  });
  return t.fake.message(status.id) ?? status;
}

/** A table ready (tableReady), then dealt by the host's Deal button: play begins. */
export async function dealtTable(
  t: SeededBot,
  host: string,
  players: string[],
  perPlayer: number,
): Promise<StoredApiMessage> {
  const lobby = await tableReady(t, host, players, perPlayer);
  await pressOn(t, lobby, "deal", host).response();
  return lobby;
}

/**
 * The stored state of the channel's newest game, read fresh from the bot's database (the caller
 * names the part of the state it reads).
 */
export async function storedGameState<T>(t: SeededBot): Promise<T> {
  const row = await t.db.cultistsGame.findFirst({ orderBy: { createdAt: "desc" } });
  return (row?.state ?? {}) as T;
}
