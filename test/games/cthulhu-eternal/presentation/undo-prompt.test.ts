/** The undo prompt and its answer name everything the undo puts back: sheets and an Extra's data. */
import { describe, expect, it } from "vitest";
import {
  undoneMessage,
  undoPromptMessage,
} from "../../../../src/games/cthulhu-eternal/presentation/undo-prompt.js";

const fact = {
  kind: "entities-remove",
  payloadVersion: 1,
  payload: { entity: "Ghoul" },
  summary: "",
};
const lineOf = () => "Ghoul removed from the bestiary";
const fieldsOf = (message: ReturnType<typeof undoneMessage>) =>
  message.embeds?.map((embed) => ("toJSON" in embed ? embed.toJSON() : embed).fields ?? []).flat();

describe("undo's restored list", () => {
  it("names the Protagonists and the Extra whose campaign data comes back", () => {
    const result = {
      undoneEventId: 7,
      undoEventId: 9,
      fact,
      protagonists: ["Ada"],
      campaignData: ["entities"],
      publicFact: fact,
    };
    expect(fieldsOf(undoneMessage(result, lineOf))).toContainEqual({
      name: "Restored",
      value: "Ada, the campaign's `entities` Extra",
    });
  });

  it("a campaign-data-only change still says what it restores", () => {
    const preview = {
      entry: {
        id: 7,
        kind: fact.kind,
        actorId: "300000000000000001",
        fact,
        createdAt: new Date(0),
        undone: false,
        isUndo: false,
        visibility: "gms" as const,
      },
      protagonists: [],
      campaignData: ["substances"],
    };
    const message = undoPromptMessage(preview, "300000000000000001", lineOf);
    expect(fieldsOf(message)).toContainEqual({
      name: "Restores",
      value: "the campaign's `substances` Extra",
    });
  });
});
