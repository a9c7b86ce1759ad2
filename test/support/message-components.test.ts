import { ButtonStyle, ComponentType } from "discord.js";
import { describe, expect, it } from "vitest";
import {
  buttonDisabled,
  buttonIds,
  buttonLabels,
  customIds,
  displayText,
  menuOptions,
} from "./message-components.js";

const legacy = {
  components: [
    {
      type: ComponentType.ActionRow,
      components: [
        { type: ComponentType.Button, style: ButtonStyle.Primary, custom_id: "a:1", label: "A" },
        {
          type: ComponentType.Button,
          style: ButtonStyle.Primary,
          custom_id: "b:1",
          label: "B",
          disabled: true,
        },
      ],
    },
  ],
};

const v2 = {
  components: [
    { type: ComponentType.TextDisplay, content: "# Sheet" },
    {
      type: ComponentType.Container,
      components: [
        {
          type: ComponentType.Section,
          components: [{ type: ComponentType.TextDisplay, content: "Skills" }],
          accessory: { type: ComponentType.Button, style: 1, custom_id: "roll:1", label: "Roll" },
        },
        {
          type: ComponentType.ActionRow,
          components: [
            {
              type: ComponentType.StringSelect,
              custom_id: "pick:1",
              options: [{ label: "One", value: "1" }],
            },
          ],
        },
      ],
    },
  ],
};

describe("message component helpers", () => {
  it("read legacy rows as before", () => {
    expect(buttonIds(legacy)).toEqual(["a:1", "b:1"]);
    expect(buttonLabels(legacy)).toEqual(["A", "B"]);
    expect(buttonDisabled(legacy, "b:")).toBe(true);
    expect(buttonDisabled(legacy, "a:")).toBe(false);
    expect(buttonDisabled(legacy, "z:")).toBeUndefined();
    expect(displayText(legacy)).toBe("");
  });

  it("find buttons and selects in containers and section accessories, and text displays", () => {
    expect(customIds(v2)).toEqual(["roll:1", "pick:1"]);
    expect(buttonIds(v2)).toEqual(["roll:1", "pick:1"]);
    expect(buttonLabels(v2)).toEqual(["Roll"]);
    expect(buttonDisabled(v2, "roll:")).toBe(false);
    expect(menuOptions(v2, "pick:1")).toEqual([{ label: "One", value: "1" }]);
    expect(displayText(v2)).toBe("# Sheet\nSkills");
  });
});
