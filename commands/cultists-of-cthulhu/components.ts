import type { AnySelectMenuInteraction, ButtonInteraction } from "discord.js";
import type {
  ComponentContext,
  ComponentHandler,
} from "../../src/games/cultists-of-cthulhu/command.js";
import {
  asPlayerView,
  historyMessage,
  readComponentId,
  readDiceValues,
  readTakeValue,
  revealChoice,
  statusMessage,
  type ComponentPress,
} from "../../src/games/cultists-of-cthulhu/presentation/index.js";
import {
  playerViewer,
  rollPressRefusal,
  viewFor,
  type ActionBody,
} from "../../src/games/cultists-of-cthulhu/rules/index.js";
import type {
  ActResult,
  LoadedGame,
  Table,
} from "../../src/games/cultists-of-cthulhu/services/game-service.js";
import { COMMAND_NAME } from "./definition.js";
import {
  afterAction,
  announcement,
  guilded,
  needsServer,
  refusalFor,
  renderContext,
  roleFor,
  tableOf,
  tableView,
} from "./publish.js";

/**
 * The game's buttons and menus. Each press names its game; a press on another game's message
 * is refused. Lobby presses edit the status message they sit on; a reroll edits its roll; a
 * reveal from the private role view updates that view and tells the table.
 */

type Component = ButtonInteraction | AnySelectMenuInteraction;

interface Press {
  interaction: Component;
  context: ComponentContext;
  table: Table;
  press: ComponentPress;
}

function pressOf(interaction: Component, context: ComponentContext): Press | undefined {
  const table = tableOf(interaction);
  const press = readComponentId(interaction.customId, COMMAND_NAME);
  return table && press && { interaction, context, table, press };
}

function act(p: Press, body: ActionBody): Promise<ActResult> {
  return p.context.services.cultists.act(
    p.table,
    { by: p.interaction.user.id, ...body },
    p.press.gameId,
  );
}

async function refused(p: Press, result: Extract<ActResult, { ok: false }>): Promise<void> {
  await p.context.reply.send(refusalFor(result, p.interaction.user.id));
}

/** A lobby press: the status message it sits on shows the change. */
function lobby(body: ActionBody): ComponentHandler<ButtonInteraction> {
  return handler(async (p) => {
    const result = await act(p, body);
    if (!result.ok) return refused(p, result);
    const onStatus = p.interaction.message.id === result.game.record.statusMessageId;
    if (onStatus)
      await p.context.reply.edit(statusMessage(tableView(result.game), renderContext(result.game)));
    else await p.context.reply.send(announcement(result));
    const where = guilded(p.interaction);
    if (where) await afterAction(where, p.context, result);
  });
}

/** A press on a roll: the roll's message is edited to show what the press did. */
function onRoll<I extends Component>(
  body: (p: Press & { interaction: I }) => ActionBody | undefined,
): ComponentHandler<I> {
  return handler<I>(async (p) => {
    // A roll's buttons act on that roll only: one that names none is from a message too old.
    if ("roll" in p.press && p.press.roll === null) {
      return refused(p, { ok: false, refusal: { code: "stale-roll" }, game: null });
    }
    const action = body(p);
    if (!action) return;
    const result = await act(p, action);
    if (!result.ok) return refused(p, result);
    await p.context.reply.edit(announcement(result));
    const where = guilded(p.interaction);
    if (where) await afterAction(where, p.context, result);
  });
}

/** From the private role view: the view is updated, and the table is told. */
function fromRoleView(
  body: (p: Press, game: LoadedGame) => ActionBody | undefined,
): ComponentHandler<ButtonInteraction> {
  return handler(async (p) => {
    const game = await p.context.services.cultists.read(p.table);
    // With no game, the service refuses whatever is asked.
    const result = await act(p, (game && body(p, game)) ?? { type: "reveal" });
    if (!result.ok) return refused(p, result);
    await p.context.reply.edit(roleFor(result.game, p.interaction.user.id));
    await p.context.reply.send({ ...announcement(result), ephemeral: false });
    const where = guilded(p.interaction);
    if (where) await afterAction(where, p.context, result);
  });
}

/** The roll a press's buttons were shown for, when its id names one. */
function rollOf(press: ComponentPress): { roll?: number } {
  return "roll" in press && press.roll !== null ? { roll: press.roll } : {};
}

function handler<I extends Component>(
  run: (p: Press & { interaction: I }) => Promise<void>,
): ComponentHandler<I> {
  return async (interaction, context) => {
    if (!tableOf(interaction)) return context.reply.send(needsServer(interaction.user.id));
    const p = pressOf(interaction, context);
    // An id we can't read (damaged, or from a version of the bot long gone): an outdated message.
    if (!p) {
      const refusal = { code: "other-game" as const };
      return context.reply.send(
        refusalFor({ ok: false, refusal, game: null }, interaction.user.id),
      );
    }
    await run({ ...p, interaction });
  };
}

export const buttons: Readonly<Record<string, ComponentHandler<ButtonInteraction>>> = {
  join: lobby({ type: "join" }),
  leave: lobby({ type: "leave" }),
  start: lobby({ type: "start" }),
  deal: lobby({ type: "deal" }),
  role: handler(async (p) => {
    const game = await p.context.services.cultists.read(p.table);
    if (!game) return refused(p, { ok: false, refusal: { code: "no-game" }, game: null });
    if (game.record.id !== p.press.gameId)
      return refused(p, { ok: false, refusal: { code: "other-game" }, game });
    await p.context.reply.send(roleFor(game, p.interaction.user.id));
  }),
  reveal: fromRoleView((p, game) => {
    if (p.press.action !== "reveal" || p.press.choice === null) return { type: "reveal" };
    const view = asPlayerView(
      viewFor(game.record.state, playerViewer(p.interaction.user.id), game.settings),
    );
    const ids = revealChoice(view, p.press.choice);
    return ids ? { type: "reveal", ...ids } : { type: "reveal" };
  }),
  madness: fromRoleView(() => ({ type: "reveal-madness" })),
  reroll: onRoll<ButtonInteraction>((p) =>
    p.press.action === "reroll"
      ? {
          type: "reroll",
          ...(p.press.result ? { result: p.press.result } : {}),
          dice: p.press.dice,
          ...rollOf(p.press),
        }
      : undefined,
  ),
  keep: onRoll<ButtonInteraction>((p) => ({ type: "keep", ...rollOf(p.press) })),
  history: handler(async (p) => {
    const game = await p.context.services.cultists.read(p.table);
    if (!game) return refused(p, { ok: false, refusal: { code: "no-game" }, game: null });
    if (game.record.id !== p.press.gameId || p.press.action !== "history")
      return refused(p, { ok: false, refusal: { code: "other-game" }, game });
    const view = viewFor(game.record.state, playerViewer(p.interaction.user.id), game.settings);
    await p.context.reply.edit({
      ...historyMessage(view, game.facts, renderContext(game), p.press.page),
      ephemeral: true,
    });
  }),
};

export const selectMenus: Readonly<Record<string, ComponentHandler<AnySelectMenuInteraction>>> = {
  /** The items' single dice: the roll is shown again with them chosen; nothing changes yet. */
  dice: handler(async (p) => {
    const game = await p.context.services.cultists.read(p.table);
    const chosenDice = readDiceValues(p.interaction.values) ?? [];
    if (!game) return refused(p, { ok: false, refusal: { code: "no-game" }, game: null });
    if (game.record.id !== p.press.gameId || p.press.action !== "dice")
      return refused(p, { ok: false, refusal: { code: "other-game" }, game });
    // A menu from before rolls were numbered names none: too old to act on.
    const refusal =
      p.press.roll === null
        ? { code: "stale-roll" as const }
        : rollPressRefusal(game.record.state, p.interaction.user.id, p.press.roll);
    if (refusal) return refused(p, { ok: false, refusal, game });
    const lastRoll = [...game.facts]
      .reverse()
      .findIndex((f) => f.type === "check-rolled" || f.type === "combat-began");
    const fresh = lastRoll < 0 ? 1 : lastRoll + 1;
    await p.context.reply.edit(
      announcement({ ok: true, game, fresh: game.facts.slice(-fresh) }, { chosenDice }),
    );
  }),
  take: onRoll<AnySelectMenuInteraction>((p) => {
    const take = readTakeValue(p.interaction.values[0] ?? "");
    return take ? { type: "steal-take", take, ...rollOf(p.press) } : undefined;
  }),
};
