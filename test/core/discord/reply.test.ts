import { MessageFlags } from "discord.js";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  AUTO_DEFER_AFTER_MS,
  InteractionReply,
  type AcknowledgeableInteraction,
} from "../../../src/core/discord/reply.js";
import { messages } from "../../../src/core/discord/messages.js";

interface Call {
  method: string;
  options: Record<string, unknown> | undefined;
}

/** Records what the helper asks Discord to do; `component` adds update/deferUpdate. */
function recordingInteraction(component = false): AcknowledgeableInteraction & { calls: Call[] } {
  const calls: Call[] = [];
  const record =
    (method: string) =>
    (options?: object): Promise<undefined> => {
      calls.push({ method, options: options as Record<string, unknown> | undefined });
      return Promise.resolve(undefined);
    };
  return {
    calls,
    reply: record("reply"),
    deferReply: record("deferReply"),
    editReply: record("editReply"),
    followUp: record("followUp"),
    deleteReply: record("deleteReply"),
    showModal: record("showModal"),
    ...(component ? { update: record("update"), deferUpdate: record("deferUpdate") } : {}),
  };
}

function helper(
  interaction: AcknowledgeableInteraction,
  options: { ephemeral?: boolean; autoDefer?: "reply" | "update" } = {},
): InteractionReply {
  return new InteractionReply(interaction, {
    ephemeral: options.ephemeral ?? false,
    autoDefer: options.autoDefer ?? "reply",
    onBackgroundError: (error) => {
      throw error;
    },
  });
}

const noPings = { parse: [] };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("InteractionReply", () => {
  it("answers directly when the handler is quick, and never defers afterwards", async () => {
    const interaction = recordingInteraction();
    const reply = helper(interaction);
    await reply.send("hello");
    await vi.advanceTimersByTimeAsync(AUTO_DEFER_AFTER_MS * 2);
    expect(interaction.calls).toEqual([
      { method: "reply", options: { content: "hello", allowedMentions: noPings } },
    ]);
  });

  it("defers by itself after AUTO_DEFER_AFTER_MS, then edits the deferred reply", async () => {
    const interaction = recordingInteraction();
    const reply = helper(interaction, { ephemeral: true });
    await vi.advanceTimersByTimeAsync(AUTO_DEFER_AFTER_MS - 1);
    expect(interaction.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(interaction.calls).toEqual([
      { method: "deferReply", options: { flags: MessageFlags.Ephemeral } },
    ]);
    await reply.send({ content: "late answer" });
    expect(interaction.calls[1]).toEqual({
      method: "editReply",
      options: { content: "late answer", allowedMentions: noPings },
    });
  });

  it("swaps a public 'thinking…' for a private answer (an error after deferring)", async () => {
    const interaction = recordingInteraction();
    const reply = helper(interaction);
    await vi.advanceTimersByTimeAsync(AUTO_DEFER_AFTER_MS);
    await reply.send({ content: "bad dice", ephemeral: true });
    // Deleted first: Discord makes the first follow-up after a defer edit the placeholder.
    expect(interaction.calls.map((call) => call.method)).toEqual([
      "deferReply",
      "deleteReply",
      "followUp",
    ]);
    expect(interaction.calls[0]?.options).toEqual({});
    expect(interaction.calls[2]?.options).toEqual({
      content: "bad dice",
      allowedMentions: noPings,
      flags: MessageFlags.Ephemeral,
    });
  });

  it("overwrites a public 'thinking…' it cannot delete before answering privately", async () => {
    const interaction = recordingInteraction();
    interaction.deleteReply = () => Promise.reject(new Error("503"));
    const reply = new InteractionReply(interaction, {
      ephemeral: false,
      autoDefer: "reply",
      onBackgroundError: () => undefined,
    });
    await vi.advanceTimersByTimeAsync(AUTO_DEFER_AFTER_MS);
    await reply.send({ content: "bad dice", ephemeral: true });
    expect(interaction.calls.map((call) => call.method)).toEqual([
      "deferReply",
      "editReply",
      "followUp",
    ]);
    expect(interaction.calls[1]?.options?.content).toBe(messages.answeredSeparately);
  });

  it("never edits private text into a public answer: it follows up privately", async () => {
    const interaction = recordingInteraction();
    const reply = helper(interaction);
    await reply.send("the public answer");
    await reply.edit({ content: "only for you", ephemeral: true });
    expect(interaction.calls.map((call) => [call.method, call.options?.flags])).toEqual([
      ["reply", undefined],
      ["followUp", MessageFlags.Ephemeral],
    ]);
  });

  it("takes 'already acknowledged' on a first answer as answered (a retry after it arrived)", async () => {
    const interaction = recordingInteraction();
    interaction.reply = () => Promise.reject(Object.assign(new Error("acked"), { code: 40060 }));
    const reply = helper(interaction);
    await reply.send("hello");
    expect(reply.acknowledged).toBe(true);
    await reply.edit("hello again");
    expect(interaction.calls.map((call) => call.method)).toEqual(["editReply"]);
  });

  it("cuts content to Discord's 2,000 characters, between emoji", async () => {
    const interaction = recordingInteraction();
    const reply = helper(interaction);
    await reply.send(`${"x".repeat(1998)}🐙🐙`);
    const content = String(interaction.calls[0]?.options?.content);
    expect(content.length).toBeLessThanOrEqual(2000);
    expect(content).toBe(`${"x".repeat(1998)}…`);
  });

  it("turns a second send into a follow-up and edit into editing the answer", async () => {
    const interaction = recordingInteraction();
    const reply = helper(interaction);
    await reply.send("first");
    await reply.send({ content: "second", ephemeral: true });
    await reply.edit("first, corrected");
    expect(interaction.calls).toEqual([
      { method: "reply", options: { content: "first", allowedMentions: noPings } },
      {
        method: "followUp",
        options: { content: "second", allowedMentions: noPings, flags: MessageFlags.Ephemeral },
      },
      { method: "editReply", options: { content: "first, corrected", allowedMentions: noPings } },
    ]);
  });

  it("never lets the automatic defer race a handler's answer", async () => {
    const interaction = recordingInteraction();
    let release = (): void => undefined;
    interaction.reply = (options) => {
      interaction.calls.push({ method: "reply", options: options as Record<string, unknown> });
      return new Promise((resolve) => {
        release = () => {
          resolve(undefined);
        };
      });
    };
    const reply = helper(interaction);
    await vi.advanceTimersByTimeAsync(AUTO_DEFER_AFTER_MS - 10);
    const sending = reply.send("just in time");
    await vi.advanceTimersByTimeAsync(20); // the timer fires while the reply is in flight
    release();
    await sending;
    await vi.advanceTimersByTimeAsync(0);
    expect(interaction.calls.map((call) => call.method)).toEqual(["reply"]);
  });

  it("components: acknowledge silently, edit their message, and follow up with sends", async () => {
    const interaction = recordingInteraction(true);
    const reply = helper(interaction, { autoDefer: "update" });
    await vi.advanceTimersByTimeAsync(AUTO_DEFER_AFTER_MS);
    await reply.edit({ content: "updated", components: [] });
    await reply.send({ content: "also this", ephemeral: true });
    expect(interaction.calls).toEqual([
      { method: "deferUpdate", options: undefined },
      {
        method: "editReply",
        options: { content: "updated", components: [], allowedMentions: noPings },
      },
      {
        method: "followUp",
        options: { content: "also this", allowedMentions: noPings, flags: MessageFlags.Ephemeral },
      },
    ]);
  });

  it("components: edit before any answer updates the message in place", async () => {
    const interaction = recordingInteraction(true);
    const reply = helper(interaction, { autoDefer: "update" });
    await reply.edit("now");
    expect(interaction.calls).toEqual([
      { method: "update", options: { content: "now", allowedMentions: noPings } },
    ]);
    reply.stopTimer();
  });

  it("components: private text never replaces a public message, it answers privately", async () => {
    const first = recordingInteraction(true);
    const before = helper(first, { autoDefer: "update" });
    await before.edit({ content: "only for you", ephemeral: true });
    expect(first.calls.map((call) => [call.method, call.options?.flags])).toEqual([
      ["reply", MessageFlags.Ephemeral],
    ]);
    before.stopTimer();
    const second = recordingInteraction(true);
    const after = helper(second, { autoDefer: "update" });
    await after.deferUpdate();
    await after.edit({ content: "still only for you", ephemeral: true });
    expect(second.calls.map((call) => [call.method, call.options?.flags])).toEqual([
      ["deferUpdate", undefined],
      ["followUp", MessageFlags.Ephemeral],
    ]);
    after.stopTimer();
  });

  it("opens a modal only as the first answer", async () => {
    const interaction = recordingInteraction();
    const reply = helper(interaction);
    await reply.showModal({ custom_id: "x:y", title: "Form", components: [] });
    expect(reply.acknowledged).toBe(true);
    await vi.advanceTimersByTimeAsync(AUTO_DEFER_AFTER_MS);
    expect(interaction.calls.map((call) => call.method)).toEqual(["showModal"]);
    await expect(
      reply.showModal({ custom_id: "x:z", title: "Again", components: [] }),
    ).rejects.toThrow(/first answer/);
  });
});
