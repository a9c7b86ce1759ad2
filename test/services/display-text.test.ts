import { describe, expect, it } from "vitest";
import { displayText } from "../../src/services/display-text.js";

describe("displayText", () => {
  it("leaves ordinary names as they are", () => {
    for (const name of ["Dr. Miriam Vance", "O'Brien", "Anne-Marie (Nan)", "Zoë 3"]) {
      expect(displayText(name)).toBe(name);
    }
  });

  it("escapes markdown, defuses mentions and keeps the text on one line", () => {
    expect(displayText("**bold** __u__ ~~s~~ `c` ||x|| [l](u) > q \\")).toBe(
      "\\*\\*bold\\*\\* \\_\\_u\\_\\_ \\~\\~s\\~\\~ \\`c\\` \\|\\|x\\|\\| \\[l\\](u) \\> q \\\\",
    );
    expect(displayText("@everyone <@123456789012345678>")).toBe(
      "@\u200beveryone <\u200b@\u200b123456789012345678\\>",
    );
    expect(displayText(" two\nlines\r\n")).toBe("two lines");
  });
});
