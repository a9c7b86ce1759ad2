import { describe, expect, it } from "vitest";
import {
  cut,
  DISCORD_LIMITS,
  fitEmbeds,
} from "../../../../src/games/cultists-of-cthulhu/presentation/index.js";

const segments = (text: string) =>
  [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)].map(
    (s) => s.segment,
  );

describe("cut", () => {
  it("leaves short text alone and ends cut text with an ellipsis", () => {
    expect(cut("Nelson", 10)).toBe("Nelson");
    expect(cut("Nelson Blake", 8)).toBe("Nelson …");
    expect(cut("Nelson Blake", 8)).toHaveLength(8);
  });

  it("never splits a grapheme: families, flags, skin tones, accents", () => {
    const text = "👨‍👩‍👧‍👦🇬🇧👍🏽é̂".repeat(20);
    const whole = new Set(segments(text));
    for (let max = 1; max < 60; max++) {
      const out = cut(text, max);
      expect(out.length).toBeLessThanOrEqual(max);
      for (const piece of segments(out.slice(0, -1)))
        expect(whole.has(piece), `max ${max}`).toBe(true);
    }
  });

  it("never leaves an escaping backslash in front of the ellipsis", () => {
    expect(cut("ab\\*cd", 4)).toBe("ab…");
    expect(cut("ab\\\\cd", 5)).toBe("ab\\\\…");
  });
});

describe("fitEmbeds", () => {
  it("keeps every part within its limit and all embeds within 6,000 characters", () => {
    const long = "x".repeat(5000);
    const embeds = Array.from({ length: 12 }, () => ({
      title: long,
      description: long,
      footer: { text: long },
      fields: Array.from({ length: 30 }, () => ({ name: long, value: long })),
    }));
    const fitted = fitEmbeds(embeds);
    expect(fitted).toHaveLength(DISCORD_LIMITS.embeds);
    for (const embed of fitted) {
      expect(embed.fields).toHaveLength(DISCORD_LIMITS.embedFields);
      expect(embed.description?.length).toBeLessThanOrEqual(DISCORD_LIMITS.embedDescription);
    }
  });

  it("takes from the longest texts first, leaving the short ones whole", () => {
    const fitted = fitEmbeds([
      {
        title: "Status",
        description: "d".repeat(4000),
        fields: [{ name: "Goals", value: "A1 ✅" }],
      },
      {
        fields: [
          { name: "Characters", value: "c".repeat(1024) },
          { name: "More", value: "m".repeat(1024) },
        ],
      },
    ]);
    const total = fitted.reduce(
      (sum, e) =>
        sum +
        (e.title?.length ?? 0) +
        (e.description?.length ?? 0) +
        (e.fields ?? []).reduce((s, f) => s + f.name.length + f.value.length, 0),
      0,
    );
    expect(total).toBeLessThanOrEqual(DISCORD_LIMITS.embedsTotal);
    expect(fitted[0]?.fields?.[0]?.value).toBe("A1 ✅");
    expect(fitted[0]?.description?.endsWith("…")).toBe(true);
  });
});
