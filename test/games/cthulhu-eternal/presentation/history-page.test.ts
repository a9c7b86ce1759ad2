import { describe, expect, it } from "vitest";
import { EMBED_LIMITS } from "../../../../src/core/discord/format.js";
import {
  historyLine,
  historyMessage,
} from "../../../../src/games/cthulhu-eternal/presentation/history-page.js";
import type { HistoryEntry } from "../../../../src/games/cthulhu-eternal/services/history-service.js";
import { eventLines } from "../../../../src/games/cthulhu-eternal/presentation/event-lines.js";
import type { LoggedFact } from "../../../../src/games/cthulhu-eternal/services/event-facts.js";

const lineOf = eventLines();
/** An event logged before payloads, with the line it kept. */
const legacy = (summary: string): LoggedFact => ({
  kind: "hp",
  payloadVersion: null,
  payload: null,
  summary,
});

const REQUESTER = "300000000000000002";
const CUID = "cm0abcdefghijklmnopqrstuv";

function entry(id: number, overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id,
    kind: "hp",
    actorId: "300000000000000003",
    fact: legacy("Protagonist 1: HP 10 → 9 (damage 1)"),
    createdAt: new Date(1_700_000_000_000),
    undone: false,
    isUndo: false,
    visibility: "campaign",
    ...overrides,
  };
}

interface ButtonJson {
  custom_id: string;
  disabled?: boolean;
}

function buttons(message: ReturnType<typeof historyMessage>): ButtonJson[] {
  return (message.components ?? []).flatMap((row) => {
    const json = (row as { toJSON(): { components: ButtonJson[] } }).toJSON();
    return json.components;
  });
}

describe("history lines", () => {
  it("show the id, a timestamp, a mention that never pings, and the summary as text", () => {
    const line = historyLine(entry(42, { fact: legacy("**Bold** @everyone <@123>") }), lineOf);
    expect(line).toBe(
      "`#42` <t:1700000000:R> <@300000000000000003> \\*\\*Bold\\*\\* @\u200beveryone <\u200b@\u200b123>",
    );
  });

  it("strike undone changes and mark undos", () => {
    expect(historyLine(entry(1, { undone: true }), lineOf)).toMatch(/~~.*~~ \*\(undone\)\*$/);
    expect(historyLine(entry(2, { isUndo: true, fact: legacy("undid #1") }), lineOf)).toMatch(
      /↩️ undid #1$/,
    );
  });
});

describe("history pages", () => {
  it("stay within Discord's embed limits with ten very long summaries", () => {
    const entries = Array.from({ length: 10 }, (_, i) =>
      entry(1_000_000 + i, { fact: legacy("x".repeat(2_000)), undone: true }),
    );
    const message = historyMessage(
      { subject: "n".repeat(300), entries, olderCursor: 999_999, hasNewer: true },
      { requesterId: REQUESTER, protagonistId: CUID },
      lineOf,
    );
    const embed = (message.embeds?.[0] as { toJSON(): Record<string, string> }).toJSON();
    expect(embed.description?.length).toBeLessThanOrEqual(EMBED_LIMITS.description);
    expect(embed.title?.length).toBeLessThanOrEqual(EMBED_LIMITS.title);
    const total = (embed.title ?? "").length + (embed.description ?? "").length + 60;
    expect(total).toBeLessThanOrEqual(EMBED_LIMITS.total);
    for (const button of buttons(message)) expect(button.custom_id.length).toBeLessThanOrEqual(100);
  });

  it("carry the requester, the Protagonist and the cursor; disable what leads nowhere", () => {
    const message = historyMessage(
      {
        subject: "Night Floors",
        entries: [entry(30), entry(21)],
        olderCursor: 21,
        hasNewer: false,
      },
      { requesterId: REQUESTER, protagonistId: null },
      lineOf,
    );
    expect(buttons(message)).toEqual([
      expect.objectContaining({ custom_id: `history:older:${REQUESTER}:-:21`, disabled: false }),
      expect.objectContaining({ custom_id: `history:newer:${REQUESTER}:-:30`, disabled: true }),
    ]);
  });

  it("drop the buttons when everything fits on one page, and say when nothing is logged", () => {
    const message = historyMessage(
      { subject: "Night Floors", entries: [], olderCursor: null, hasNewer: false },
      { requesterId: REQUESTER, protagonistId: CUID },
      lineOf,
    );
    expect(message.components).toEqual([]);
    const embed = (message.embeds?.[0] as { toJSON(): Record<string, string> }).toJSON();
    expect(embed.description).toBe("Nothing logged yet.");
  });
});
