import type { ChatInputCommandInteraction } from "discord.js";
import type {
  CommandModule,
  CultistsServices,
  HandlerContext,
} from "../../src/games/cultists-of-cthulhu/command.js";
import { subcommandTable, type SubcommandRow } from "../../src/core/discord/subcommands.js";
import {
  historyMessage,
  statusMessage,
  type GameMessage,
} from "../../src/games/cultists-of-cthulhu/presentation/index.js";
import {
  characterSavedMessage,
  undoneMessage,
} from "../../src/games/cultists-of-cthulhu/presentation/notices.js";
import {
  playerViewer,
  viewFor,
  type ActionBody,
} from "../../src/games/cultists-of-cthulhu/rules/index.js";
import type {
  ActResult,
  Table,
} from "../../src/games/cultists-of-cthulhu/services/game-service.js";
import { autocomplete } from "./autocomplete.js";
import { buttons, selectMenus } from "./components.js";
import { COMMAND_NAME, definition } from "./definition.js";
import { cultistsHelp } from "./help.js";
import { enterCharacter, MOVES } from "./moves.js";
import { goalLetters, OptionRefusal, sheetFrom } from "./options.js";
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
 * `/cultists`: parse the options, ask the game's service, show the result. Refusals are private;
 * what the table may see is posted, and the status message is edited in place.
 */

type Run = (
  interaction: ChatInputCommandInteraction,
  context: HandlerContext,
  table: Table,
) => Promise<void>;

function sendMessage(context: HandlerContext, message: GameMessage): Promise<void> {
  return context.reply.send(message);
}

/** Answers with the result of one action: the refusal privately, or the announcement. */
async function answer(
  interaction: ChatInputCommandInteraction,
  context: HandlerContext,
  result: ActResult,
): Promise<void> {
  if (!result.ok) return sendMessage(context, refusalFor(result, interaction.user.id));
  await sendMessage(context, announcement(result));
  const where = guilded(interaction);
  if (where) await afterAction(where, context, result);
}

/** Runs a move; options the rules would refuse are refused in the rules' words. */
function move(body: (interaction: ChatInputCommandInteraction) => ActionBody): Run {
  return async (interaction, context, table) => {
    let action: ActionBody;
    try {
      action = body(interaction);
    } catch (error) {
      if (!(error instanceof OptionRefusal)) throw error;
      const game = await context.services.cultists.read(table);
      return answer(interaction, context, {
        ok: false,
        refusal: error.refusal,
        game: game ?? null,
      });
    }
    const result = await context.services.cultists.act(table, {
      by: interaction.user.id,
      ...action,
    });
    await answer(interaction, context, result);
  };
}

/** Posts the status message as this interaction's answer, and remembers it for the edits. */
async function postStatus(
  interaction: ChatInputCommandInteraction,
  context: HandlerContext,
  table: Table,
  result: Extract<ActResult, { ok: true }>,
): Promise<void> {
  const { game } = result;
  await sendMessage(context, statusMessage(tableView(game), renderContext(game)));
  const posted = await interaction.fetchReply();
  await context.services.cultists.setStatusMessage(table, game.record.id, posted.id);
}

const open: Run = async (interaction, context, table) => {
  const result = await context.services.cultists.open(
    table,
    interaction.user.id,
    interaction.options.getString("scenario", true),
    goalLetters(interaction.options.getString("goals")),
  );
  if (!result.ok) return sendMessage(context, refusalFor(result, interaction.user.id));
  await postStatus(interaction, context, table, result);
};

const status: Run = async (interaction, context, table) => {
  const game = await context.services.cultists.read(table);
  if (!game)
    return answer(interaction, context, { ok: false, refusal: { code: "no-game" }, game: null });
  await postStatus(interaction, context, table, { ok: true, game, fresh: [] });
};

const role: Run = async (interaction, context, table) => {
  const game = await context.services.cultists.read(table);
  if (!game)
    return answer(interaction, context, { ok: false, refusal: { code: "no-game" }, game: null });
  await sendMessage(context, roleFor(game, interaction.user.id));
};

/** Ends the turn that is running: a player's, or the University Turn. */
const turn: Run = async (interaction, context, table) => {
  const game = await context.services.cultists.read(table);
  const type = game?.record.state.turn?.kind === "university" ? "end-university-turn" : "end-turn";
  await move(() => ({ type }))(interaction, context, table);
};

const history: Run = async (interaction, context, table) => {
  const game = await context.services.cultists.read(table);
  if (!game)
    return answer(interaction, context, { ok: false, refusal: { code: "no-game" }, game: null });
  const view = viewFor(game.record.state, playerViewer(interaction.user.id), game.settings);
  await sendMessage(context, {
    ...historyMessage(view, game.facts, renderContext(game)),
    ephemeral: true,
  });
};

const undo: Run = async (interaction, context, table) => {
  const result = await context.services.cultists.undo(table, interaction.user.id);
  if (!result.ok) return sendMessage(context, refusalFor(result, interaction.user.id));
  await sendMessage(context, undoneMessage());
  const where = guilded(interaction);
  if (where) await afterAction(where, context, result);
};

const help = async (interaction: ChatInputCommandInteraction, context: HandlerContext) => {
  await sendMessage(context, await cultistsHelp(interaction, context.services));
};

const save: Run = async (interaction, context, table) => {
  let sheet;
  try {
    sheet = sheetFrom(interaction.options);
  } catch (error) {
    if (!(error instanceof OptionRefusal)) throw error;
    return answer(interaction, context, { ok: false, refusal: error.refusal, game: null });
  }
  const refused = await context.services.cultists.saveCharacter(
    table.guildId,
    interaction.user.id,
    sheet,
  );
  if (refused) return answer(interaction, context, { ok: false, refusal: refused, game: null });
  await sendMessage(context, characterSavedMessage(sheet.name));
};

/** Enters the character, and saves it too when asked (a refused sheet is saved nowhere). */
const enter: Run = async (interaction, context, table) => {
  await move((i) => enterCharacter(i.options))(interaction, context, table);
  if (interaction.options.getBoolean("save")) {
    try {
      await context.services.cultists.saveCharacter(
        table.guildId,
        interaction.user.id,
        sheetFrom(interaction.options),
      );
    } catch (error) {
      if (!(error instanceof OptionRefusal)) throw error;
    }
  }
};

const load: Run = async (interaction, context, table) => {
  const result = await context.services.cultists.enterSaved(
    table,
    interaction.user.id,
    interaction.options.getString("name", true),
  );
  await answer(interaction, context, result);
};

function row(
  run: Run,
  options: { writes?: boolean; private?: boolean } = {},
): SubcommandRow<CultistsServices> {
  return {
    writes: options.writes ?? true,
    ...(options.private ? { private: true } : {}),
    run: async (interaction, context) => {
      const table = tableOf(interaction);
      // A DM, or a server that has the bot only on a member's account: no table, nothing stored.
      if (!table) return sendMessage(context, needsServer(interaction.user.id));
      await run(interaction, context, table);
    },
  };
}

const SPECIAL: Readonly<Record<string, SubcommandRow<CultistsServices>>> = {
  open: row(open),
  status: row(status),
  role: row(role, { writes: false, private: true }),
  turn: row(turn),
  history: row(history, { writes: false, private: true }),
  undo: row(undo),
  // Help needs no table: it shows the defaults where there is none.
  help: { writes: false, private: true, run: (interaction, context) => help(interaction, context) },
  "character enter": row(enter),
  "character save": row(save, { private: true }),
  "character load": row(load),
};

const table = subcommandTable({
  ...Object.fromEntries(
    Object.entries(MOVES).map(([path, body]) => [path, row(move((i) => body(i.options)))]),
  ),
  ...SPECIAL,
});

export const cultistsCommand: CommandModule = {
  definition,
  ephemeral: table.isPrivate,
  writes: {
    subcommands: table.writing,
    components: ["join", "leave", "start", "deal", "reveal", "madness", "reroll", "keep", "take"],
  },
  execute: table.execute,
  autocomplete,
  buttons,
  selectMenus,
};

export { COMMAND_NAME };
