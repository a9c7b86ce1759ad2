import { lineOf } from "../../../support/event-lines.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { actor, gm, makeWorld, type World } from "../../../support/fixtures.js";
import { percentileFaces, queuedRng } from "../../../support/dice.js";
import {
  isUndoRefusedError,
  type UndoRefusal,
} from "../../../../src/games/cthulhu-eternal/services/undo-policy.js";
import { undoRefusalText } from "../../../../src/games/cthulhu-eternal/presentation/undo-refusals.js";
import { refusal } from "../../../support/refusal-words.js";

let world: World;
let rng: ReturnType<typeof queuedRng>;
beforeEach(async () => {
  rng = queuedRng();
  world = await makeWorld(rng);
});
afterEach(() => world.dispose());

async function hpChange(by = actor(), action: "damage" | "heal" = "damage"): Promise<number> {
  const outcome = await world.services.harm.hp({
    actor: by,
    protagonistId: world.hero.id,
    action,
    amount: 1,
  });
  return outcome.eventId;
}

async function refusalOf(promise: Promise<unknown>): Promise<UndoRefusal> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isUndoRefusedError(error)) throw new Error(`expected an undo refusal, got ${String(error)}`);
  return error.refusal;
}

const hero = () => world.db.prisma.protagonist.findUniqueOrThrow({ where: { id: world.hero.id } });
const undoneBy = async (id: number) =>
  (await world.db.prisma.event.findUniqueOrThrow({ where: { id } })).undoneById;

describe("the chain blocking an undo", () => {
  it("lists every later dependent change, oldest first, not only the newest", async () => {
    const asked = await hpChange();
    const second = await hpChange(actor(), "heal");
    const third = await hpChange();
    const refusal = await refusalOf(
      world.services.history.undo({ actor: actor(), eventId: asked }),
    );
    expect(refusal).toMatchObject({
      kind: "blocked",
      eventId: asked,
      chain: [{ id: second }, { id: third }],
      notYours: [],
      newestId: third,
      size: 2,
    });
    const text = undoRefusalText(refusal, lineOf);
    expect(text).toContain(`#${second} · `);
    expect(text.indexOf(`#${second}`)).toBeLessThan(text.indexOf(`#${third}`));
  });

  it("hides a secret change of the chain from a player who can't read it", async () => {
    const asked = await hpChange();
    rng.queue(...percentileFaces(97));
    const secret = await world.services.rolls.rollTest({
      actor: gm(),
      protagonistId: world.hero.id,
      subject: { kind: "skill", name: "Occult" },
      secret: true,
    });
    expect(secret.marked).toBe(true);
    const refusal = await refusalOf(
      world.services.history.undo({ actor: actor(), eventId: asked }),
    );
    expect(refusal).toMatchObject({
      chain: [{ id: null, fact: null }],
      notYours: [{ id: null }],
    });
    const text = undoRefusalText(refusal, lineOf);
    expect(text).not.toContain(`#${secret.eventId}`);
    expect(text).not.toMatch(/Occult/);
    expect(text).toMatch(/only its author and the GMs can see/);
    // The GM sees it.
    const forGm = await refusalOf(world.services.history.undo({ actor: gm(), eventId: asked }));
    expect(forGm.kind === "blocked" && forGm.chain[0]?.fact && lineOf(forGm.chain[0].fact)).toMatch(
      /Occult/,
    );
  });
});

describe("undo back to", () => {
  it("undoes the chain newest first, then the asked change, in one go", async () => {
    const hpBefore = (await hero()).hp;
    const asked = await hpChange();
    const second = await hpChange();
    const third = await hpChange();
    const results = await world.services.history.undoBackTo({
      actor: actor(),
      eventId: asked,
      newestId: third,
      size: 2,
    });
    expect(results.map((r) => r.undoneEventId)).toEqual([third, second, asked]);
    expect((await hero()).hp).toBe(hpBefore);
    for (const id of [asked, second, third]) expect(await undoneBy(id)).not.toBeNull();
  });

  it("refuses a press whose chain has changed since, undoing nothing", async () => {
    const asked = await hpChange();
    const second = await hpChange();
    await hpChange();
    const refusal = await refusalOf(
      world.services.history.undoBackTo({
        actor: actor(),
        eventId: asked,
        newestId: second,
        size: 1,
      }),
    );
    expect(refusal).toEqual({ kind: "chain-changed", eventId: asked });
    expect(await undoneBy(second)).toBeNull();
  });

  it("refuses when the chain holds a change the presser may not undo, and says which", async () => {
    const asked = await hpChange();
    const others = await hpChange(gm());
    const hpBefore = (await hero()).hp;
    const refusal = await refusalOf(
      world.services.history.undoBackTo({
        actor: actor(),
        eventId: asked,
        newestId: others,
        size: 1,
      }),
    );
    expect(refusal).toMatchObject({
      kind: "blocked",
      notYours: [{ id: others, reason: "someone-else" }],
    });
    expect(undoRefusalText(refusal, lineOf)).toContain(
      `You can't undo #${others} (someone else's)`,
    );
    expect((await hero()).hp).toBe(hpBefore);
  });

  it("is all or nothing: a step that can't be undone leaves every change standing", async () => {
    const asked = await hpChange();
    const second = await hpChange();
    const third = await hpChange();
    // Undoing #second would then find the hero changed outside the log.
    const tampered = await world.db.prisma.event.findUniqueOrThrow({ where: { id: third } });
    const before = tampered.before as Record<string, { hp: number }>;
    const snapshot = before[world.hero.id];
    if (!snapshot) throw new Error("the HP change logs the hero");
    snapshot.hp = 1;
    await world.db.prisma.event.update({ where: { id: third }, data: { before } });
    const hpBefore = (await hero()).hp;
    await expect(
      refusal(
        world.services.history.undoBackTo({
          actor: actor(),
          eventId: asked,
          newestId: third,
          size: 2,
        }),
      ),
    ).resolves.toMatch(/changed since then/);
    expect((await hero()).hp).toBe(hpBefore);
    for (const id of [asked, second, third]) expect(await undoneBy(id)).toBeNull();
  });
});
