/**
 * Who sees a secret roll, on EVERY read path of the event log: its roller and the campaign's GMs,
 * nobody else, and nobody at all on what is posted for the table. Normal rolls are the control:
 * every member of the campaign sees them. Someone in another guild sees nothing of either.
 *
 * Each read path's answer (or refusal) is searched for every event's payload, so a leak is
 * caught wherever it hides: in a page, an autocomplete list, a preview or an error message.
 */
import { wordsOf } from "../../../support/refusal-words.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../../../src/core/access/actor.js";
import { isServiceError } from "../../../../src/games/cthulhu-eternal/services/errors.js";
import type { Services } from "../../../../src/games/cthulhu-eternal/services/index.js";
import type { ProtagonistSnapshot } from "../../../../src/games/cthulhu-eternal/services/snapshot.js";
import { percentileFaces, queuedRng } from "../../../support/dice.js";
import {
  actor,
  gm,
  GM_USER,
  GUILD,
  makeWorld,
  OTHER_GUILD,
  OTHER_PLAYER,
  type World,
} from "../../../support/fixtures.js";

type Viewer = "roller" | "other player" | "GM" | "other guild";

/** The campaign's GM by its GM list only (no Manage Server), as most GMs are. */
const VIEWERS: Readonly<Record<Viewer, () => Actor>> = {
  roller: () => actor(),
  "other player": () => actor({ userId: OTHER_PLAYER }),
  GM: () => actor({ userId: GM_USER }),
  "other guild": () => gm({ guildId: OTHER_GUILD, userId: "300000000000000009" }),
};

interface LoggedEvent {
  id: number;
  /** Its payload's JSON, as every read path that shows the event carries it. */
  fact: string;
  secret: boolean;
  authorId: string;
  /** A change (undo lists and previews only show changes). */
  changed: boolean;
}

interface Table {
  hero: ProtagonistSnapshot;
  sidekick: ProtagonistSnapshot;
  sanTestId: number;
  /** The roller's secret 3d6, and their Occult test that ticked the mark. */
  secretRoll: LoggedEvent;
  secretMark: LoggedEvent;
  /** The same, rolled openly (Alertness). */
  openRoll: LoggedEvent;
  openMark: LoggedEvent;
  /** The other player's HP change, then the GM's secret test of their Protagonist after it. */
  otherChange: LoggedEvent;
  gmSecretMark: LoggedEvent;
  all: LoggedEvent[];
}

let world: World;
let table: Table;
const rng = queuedRng();

async function logged(id: number, secret: boolean, changed: boolean): Promise<LoggedEvent> {
  const row = await world.db.prisma.event.findUniqueOrThrow({ where: { id } });
  return { id, fact: row.payload ?? "", secret, authorId: row.actorId, changed };
}

beforeAll(async () => {
  world = await makeWorld(rng);
  // The roller's own undo of their secret roll is one of the read paths.
  await world.services.campaigns.updateSettings({ actor: gm(), rules: { playerUndoRolls: true } });
  const { services } = world;
  await services.campaigns.create({ actor: VIEWERS["other guild"](), name: "Elsewhere" });
  const sidekick = await world.addProtagonist(OTHER_PLAYER, { name: "Sidekick" });
  const roller = actor();

  rng.queue(4, 4);
  const openRoll = await services.rolls.rollExpression({ actor: roller, expression: "2d6" });
  rng.queue(...percentileFaces(98));
  const openMark = await services.rolls.rollTest({
    actor: roller,
    subject: { kind: "skill", name: "Alertness" },
  });
  rng.queue(5, 5, 5);
  const secretRoll = await services.rolls.rollExpression({
    actor: roller,
    expression: "3d6",
    secret: true,
  });
  rng.queue(...percentileFaces(97));
  const secretMark = await services.rolls.rollTest({
    actor: roller,
    subject: { kind: "skill", name: "Occult" },
    secret: true,
  });

  rng.queue(...percentileFaces(100), 2);
  const [sanTest] = await services.sanity.sanTest({
    actor: actor({ userId: OTHER_PLAYER }),
    loss: "1/1D4",
    threat: "unnatural",
  });
  const otherChange = await services.harm.hp({
    actor: actor({ userId: OTHER_PLAYER }),
    action: "damage",
    amount: 1,
  });
  rng.queue(...percentileFaces(99));
  const gmSecretMark = await services.rolls.rollTest({
    actor: VIEWERS.GM(),
    protagonistId: sidekick.id,
    subject: { kind: "skill", name: "Search" },
    secret: true,
  });
  if (!sanTest || !secretMark.marked || !openMark.marked || !gmSecretMark.marked) {
    throw new Error("the set-up makes a SAN test and three failure marks");
  }
  const events = {
    secretRoll: await logged(secretRoll.eventId, true, false),
    secretMark: await logged(secretMark.eventId, true, true),
    openRoll: await logged(openRoll.eventId, false, false),
    openMark: await logged(openMark.eventId, false, true),
    otherChange: await logged(otherChange.eventId, false, true),
    gmSecretMark: await logged(gmSecretMark.eventId, true, true),
  };
  table = {
    hero: world.hero,
    sidekick,
    sanTestId: sanTest.eventId,
    ...events,
    all: Object.values(events),
  };
  // Each event is found by its own payload: no two alike, none empty.
  const facts = table.all.map((event) => event.fact);
  expect(new Set(facts).size).toBe(facts.length);
  expect(facts.every((fact) => fact.length > 2)).toBe(true);
});

afterAll(() => world.dispose());

/** What a call answered, or the refusal it gave, as text to search. */
async function answer(call: Promise<unknown>): Promise<string> {
  try {
    return JSON.stringify(await call);
  } catch (error) {
    if (isServiceError(error)) return `refused: ${wordsOf(error)}`;
    throw error;
  }
}

/** Whether the viewer may read the event at all. */
function mayRead(viewer: Viewer, event: LoggedEvent): boolean {
  if (viewer === "other guild") return false;
  if (!event.secret || viewer === "GM") return true;
  return VIEWERS[viewer]().userId === event.authorId;
}

interface ReadPath {
  /** What it answers for this viewer. */
  readonly read: (services: Services, who: Actor, t: Table) => Promise<string[]>;
  /**
   * "lists": shows exactly the events the viewer may read, within its scope; "shows": what it
   * answers (previews, refusals, sheets) never holds an event the viewer may not read.
   */
  readonly kind: "lists" | "shows";
  /** Posted for the table: only what every member may read, whoever asks. */
  readonly public?: boolean;
  /** Which events it is about (default: all of them). */
  readonly scope?: (event: LoggedEvent, viewer: Viewer) => boolean;
}

const each = (t: Table, read: (event: LoggedEvent) => Promise<string>) =>
  Promise.all(t.all.map(read));

const READ_PATHS: Readonly<Record<string, ReadPath>> = {
  "/history (private)": {
    kind: "lists",
    read: async (s, who) => [await answer(s.history.history({ actor: who, pageSize: 25 }))],
  },
  "/history of a Protagonist (private)": {
    kind: "lists",
    // The rolls of dice concern no Protagonist; every test of one here ticked a mark.
    scope: (e) => e.changed,
    read: async (s, who, t) => [
      await answer(s.history.history({ actor: who, protagonistId: t.hero.id, pageSize: 25 })),
      await answer(s.history.history({ actor: who, protagonistId: t.sidekick.id, pageSize: 25 })),
    ],
  },
  "/history Newer button (private)": {
    kind: "lists",
    read: async (s, who) => [
      await answer(s.historyBrowsing.historyNewer({ actor: who, afterId: 1, pageSize: 25 })),
    ],
  },
  "/history public:true": {
    kind: "lists",
    public: true,
    read: async (s, who) => [
      await answer(s.history.history({ actor: who, pageSize: 25, audience: "public" })),
    ],
  },
  "/history public:true, Older and Newer buttons": {
    kind: "lists",
    public: true,
    read: async (s, who, t) => [
      await answer(
        s.history.history({ actor: who, pageSize: 25, audience: "public", beforeId: 10_000 }),
      ),
      await answer(
        s.historyBrowsing.historyNewer({
          actor: who,
          protagonistId: t.hero.id,
          afterId: 1,
          pageSize: 25,
          audience: "public",
        }),
      ),
    ],
  },
  "/undo autocomplete": {
    kind: "lists",
    // Changes only: a player's own, every change for a GM.
    scope: (e, viewer) => e.changed && (viewer === "GM" || VIEWERS[viewer]().userId === e.authorId),
    read: async (s, who) => [await answer(s.historyBrowsing.undoable({ actor: who }))],
  },
  "/undo prompt (by id)": {
    kind: "shows",
    read: (s, who, t) =>
      each(t, (e) => answer(s.historyBrowsing.undoPreview({ actor: who, eventId: e.id }))),
  },
  "/undo prompt (latest)": {
    kind: "shows",
    read: async (s, who) => [await answer(s.historyBrowsing.undoPreview({ actor: who }))],
  },
  "undo candidate (by id)": {
    kind: "shows",
    read: (s, who, t) =>
      each(t, (e) => answer(s.history.undoCandidate({ actor: who, eventId: e.id }))),
  },
  "SAN test buttons (projection refusal)": {
    kind: "shows",
    read: async (s, who, t) => [
      await answer(s.sanity.sanTestStatus({ actor: who, eventId: t.sanTestId })),
      await answer(s.sanity.latestSanTest({ actor: who, protagonistId: t.sidekick.id })),
    ],
  },
  "/campaign party": {
    kind: "shows",
    read: async (s, who, t) => [
      await answer(s.protagonists.list({ actor: who })),
      await answer(s.protagonists.get({ actor: who, protagonistId: t.hero.id })),
      await answer(s.protagonists.get({ actor: who, protagonistId: t.sidekick.id })),
    ],
  },
  "/protagonist export": {
    kind: "shows",
    read: async (s, who, t) => [
      await answer(s.protagonists.exportJson({ actor: who, protagonistId: t.hero.id })),
      await answer(s.protagonists.exportJson({ actor: who, protagonistId: t.sidekick.id })),
    ],
  },
};

const cases = Object.entries(READ_PATHS).flatMap(([path, entry]) =>
  (Object.keys(VIEWERS) as Viewer[]).map((viewer) => ({ path, viewer, entry })),
);

describe("visibility matrix: a secret roll on every read path", () => {
  it.each(cases)("$path, read by $viewer", async ({ viewer, entry }) => {
    const texts = await entry.read(world.services, VIEWERS[viewer](), table);
    const seen = (event: LoggedEvent) => texts.some((text) => text.includes(event.fact));
    for (const event of table.all) {
      const allowed = mayRead(viewer, event) && !(entry.public === true && event.secret);
      const inScope = entry.scope?.(event, viewer) ?? true;
      const label = `${event.secret ? "secret" : "open"} #${event.id} (${event.fact})`;
      if (entry.kind === "lists") {
        expect(seen(event), label).toBe(allowed && inScope);
      } else if (!allowed) {
        expect(seen(event), label).toBe(false);
      }
    }
  });

  it("the roller and a GM are told a secret entry is one; nobody else is shown it", async () => {
    const page = await world.services.history.history({ actor: VIEWERS.GM(), pageSize: 25 });
    const secretIds = page.entries.filter((e) => e.visibility === "actor-and-gms").map((e) => e.id);
    expect(secretIds.sort()).toEqual(
      [table.secretRoll.id, table.secretMark.id, table.gmSecretMark.id].sort(),
    );
  });
});

describe("an event for the GMs alone", () => {
  it("is read by the campaign's GMs, and by no player, not even its author", async () => {
    const id = await world.db.store.transaction((tx) =>
      tx.events.append({
        guildId: GUILD,
        campaignId: world.campaignId,
        actorId: OTHER_PLAYER,
        kind: "note",
        payloadVersion: 1,
        payload: { note: "a note for the GMs" },
        sessionNumber: 1,
        input: {},
        visibility: "gms",
      }),
    );
    const sees = async (who: Actor) =>
      (await world.services.history.history({ actor: who, pageSize: 25 })).entries.some(
        (e) => e.id === id,
      );
    expect(await sees(VIEWERS.GM())).toBe(true);
    expect(await sees(actor({ userId: OTHER_PLAYER }))).toBe(false);
    expect(await sees(VIEWERS.roller())).toBe(false);
  });
});

describe("visibility of what follows from a secret roll", () => {
  it("undoing a secret roll's failure mark is as secret, and posts no public notice", async () => {
    const { services } = world;
    const undone = await services.history.undo({ actor: actor(), eventId: table.secretMark.id });
    expect(undone.publicFact).toBeNull();
    const seenBy = async (who: Actor, audience: "private" | "public") =>
      (await services.history.history({ actor: who, pageSize: 25, audience })).entries.some(
        (e) => e.id === undone.undoEventId,
      );
    expect(await seenBy(actor(), "private")).toBe(true);
    expect(await seenBy(VIEWERS.GM(), "private")).toBe(true);
    expect(await seenBy(actor({ userId: OTHER_PLAYER }), "private")).toBe(false);
    expect(await seenBy(VIEWERS.GM(), "public")).toBe(false);
  });

  it("undoing an open change still tells the table (the control)", async () => {
    const undone = await world.services.history.undo({
      actor: actor(),
      eventId: table.openMark.id,
    });
    expect(JSON.stringify(undone.publicFact?.payload)).toBe(table.openMark.fact);
  });

  it("the session summary, posted for the table, holds nothing of a secret roll", async () => {
    rng.queue(3); // the 1D4 of the Search mark the GM's secret test ticked
    const result = await world.services.session.endSession({ actor: VIEWERS.GM() });
    const text = JSON.stringify(result);
    for (const event of table.all.filter((e) => e.secret)) {
      expect(text).not.toContain(event.fact);
    }
    expect(result.protagonists.map((p) => p.name).sort()).toEqual(
      [table.hero.name, table.sidekick.name].sort(),
    );
  });
});
