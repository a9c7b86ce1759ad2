/** A module's campaign data in the campaign's extras column: replaced, and taken away again. */
import { describe, expect, it } from "vitest";
import {
  moduleDataOf,
  readStoredExtras,
  withModuleData,
} from "../../../../src/games/cthulhu-eternal/services/campaign-module-data.js";

describe("withModuleData", () => {
  const stored = { entities: { enabled: true, settings: { x: 1 } } };

  it("replaces a module's data and keeps its switch and settings", () => {
    const next = withModuleData(stored, "entities", { entities: [] });
    expect(next).toEqual({
      entities: { enabled: true, settings: { x: 1 }, data: { entities: [] } },
    });
  });

  it("null takes the data away, as before the first write (what undoing that write restores)", () => {
    const written = withModuleData(stored, "entities", { entities: [] });
    const undone = withModuleData(written, "entities", null);
    expect(undone).toEqual(stored);
    expect(moduleDataOf(undone, "entities")).toBeUndefined();
    expect(readStoredExtras(undone)).toEqual(stored);
  });
});
