/**
 * A Cultists of Cthulhu game in play for the services benchmark: three players with a character
 * each, roles dealt, so the measured player can roll five-die checks.
 */
import { cultistsStore } from "../src/games/cultists-of-cthulhu/store/game-store.js";
import type { Database } from "../src/store/database.js";
import type { ActionBody } from "../src/games/cultists-of-cthulhu/rules/index.js";
import {
  createCultistsService,
  type CultistsService,
  type Table,
} from "../src/games/cultists-of-cthulhu/services/game-service.js";
import { seededRng } from "../src/core/rng.js";

export interface CultistsTable {
  service: CultistsService;
  table: Table;
  player: string;
  character: string;
}

const SHEET = {
  wounds: 3,
  speed: 3,
  defense: 1,
  horror: { stage2: 3, stage3: 6, end: 9 },
  abilities: {
    brawn: ["green", "blue"],
    finesse: ["green"],
    reason: ["green", "green"],
    focus: ["blue"],
  },
} as const;

export async function prepareCultistsGame(
  db: Pick<Database, "transaction">,
  table: Table,
  player: string,
): Promise<CultistsTable> {
  const service = createCultistsService({ store: cultistsStore(db), rng: seededRng(11) });
  const others = ["299999999999999901", "299999999999999902"];
  const act = async (by: string, body: ActionBody): Promise<void> => {
    const result = await service.act(table, { by, ...body });
    if (!result.ok) throw new Error(`bench set-up refused: ${result.refusal.code}`);
  };
  const opened = await service.open(table, player, "Fungi from Yuggoth");
  if (!opened.ok) throw new Error(`bench set-up refused: ${opened.refusal.code}`);
  for (const p of [player, ...others]) await act(p, { type: "join" });
  await act(player, { type: "start" });
  for (const [i, p] of [player, ...others].entries()) {
    const abilities = {
      brawn: [...SHEET.abilities.brawn],
      finesse: [...SHEET.abilities.finesse],
      reason: [...SHEET.abilities.reason],
      focus: [...SHEET.abilities.focus],
    };
    await act(p, {
      type: "enter-character",
      sheet: { ...SHEET, horror: { ...SHEET.horror }, abilities, name: `Investigator ${i + 1}` },
    });
  }
  for (const number of [15, 20, 25]) {
    await act(player, { type: "add-cultist-card", number, text: "—", empowers: false });
  }
  await act(player, { type: "deal" });
  const game = await service.read(table);
  const character = Object.values(game?.record.state.characters ?? {}).find(
    (c) => c.owner === player,
  )?.id;
  if (character === undefined) throw new Error("bench set-up: no character");
  return { service, table, player, character };
}

/** One five-die check as a player makes it: the roll, then Keep (the reroll buttons' other end). */
export async function fiveDieCheck(t: CultistsTable): Promise<void> {
  const rolled = await t.service.act(t.table, {
    by: t.player,
    type: "check",
    roller: t.character,
    ability: "reason",
    difficulty: "blue",
  });
  if (!rolled.ok) throw new Error(`check refused: ${rolled.refusal.code}`);
  const kept = await t.service.act(t.table, { by: t.player, type: "keep" });
  if (!kept.ok) throw new Error(`keep refused: ${kept.refusal.code}`);
}
