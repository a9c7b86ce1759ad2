/** `/protagonist show | list | select | export | import`: reading and moving sheets. */
import {
  AttachmentBuilder,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
} from "discord.js";
import { actorFrom } from "../../src/core/discord/actor.js";
import { downloadTextAttachment } from "../../src/core/discord/attachment-download.js";
import type { ComponentContext, HandlerContext } from "../../src/games/cthulhu-eternal/command.js";
import { PROTAGONIST_COMMAND } from "../../src/games/cthulhu-eternal/creation/session.js";
import { userText } from "../../src/core/discord/format.js";
import { foreverImportText } from "../../src/games/cthulhu-eternal/presentation/forever-import.js";
import type { Actor } from "../../src/core/access/actor.js";
import { importProblemsText } from "../../src/games/cthulhu-eternal/presentation/import-problems.js";
import { protagonistListPage } from "../../src/games/cthulhu-eternal/presentation/protagonist-list.js";
import { hiddenMarksNotice } from "../../src/games/cthulhu-eternal/presentation/protagonist-sheet.js";
import { sheetContainers } from "./protagonist-sheet-rolls.js";
import { protagonistIdOption } from "../../src/games/cthulhu-eternal/discord/protagonist-option.js";
import { UserError } from "../../src/core/discord/user-facing-error.js";
import { ImportRefused } from "../../src/games/cthulhu-eternal/services/protagonist-import.js";
import { IMPORT_MAX_BYTES } from "../../src/games/cthulhu-eternal/services/protagonist-transfer.js";

export const LIST_PAGE_ACTION = "lpage";

export async function showProtagonist(
  interaction: ChatInputCommandInteraction,
  { reply, services }: HandlerContext,
): Promise<void> {
  const actor = actorFrom(interaction);
  const view = await services.protagonists.get({
    actor,
    protagonistId: await protagonistIdOption(interaction, services, actor),
  });
  for (const container of await sheetContainers(services, actor, view)) {
    await reply.send({ components: [container], componentsV2: true });
  }
  const hidden = hiddenMarksNotice(view);
  if (hidden) await reply.send({ content: hidden, ephemeral: true });
}

export async function listProtagonists(
  interaction: ChatInputCommandInteraction,
  { reply, services }: HandlerContext,
): Promise<void> {
  const actor = actorFrom(interaction);
  const includeInactive = interaction.options.getBoolean("all") ?? false;
  const summaries = await services.protagonists.list({ actor, includeInactive });
  await reply.send(
    protagonistListPage({
      command: PROTAGONIST_COMMAND,
      action: LIST_PAGE_ACTION,
      summaries,
      page: 0,
      includeInactive,
      requesterId: actor.userId,
    }),
  );
}

/** ◀ ▶ on a list: the list is read again, so the page is current. */
export async function listPagePressed(
  interaction: ButtonInteraction,
  { reply, services, args }: ComponentContext,
): Promise<void> {
  const [requesterId = "", page = "0", all = "0"] = args;
  if (interaction.user.id !== requesterId) {
    await reply.send({
      content:
        "These buttons belong to whoever asked for the list. Run `/protagonist list` yourself.",
      ephemeral: true,
    });
    return;
  }
  const includeInactive = all === "1";
  const summaries = await services.protagonists.list({
    actor: actorFrom(interaction),
    includeInactive,
  });
  await reply.edit(
    protagonistListPage({
      command: PROTAGONIST_COMMAND,
      action: LIST_PAGE_ACTION,
      summaries,
      page: Number(page) || 0,
      includeInactive,
      requesterId,
    }),
  );
}

export async function selectProtagonist(
  interaction: ChatInputCommandInteraction,
  { reply, services }: HandlerContext,
): Promise<void> {
  const actor = actorFrom(interaction);
  const protagonistId = await protagonistIdOption(interaction, services, actor);
  if (protagonistId === null) throw new UserError("Choose a Protagonist from the list.");
  const scope = interaction.options.getString("scope") === "campaign" ? "campaign" : "channel";
  const result = await services.protagonists.select({ actor, protagonistId, scope });
  const where =
    scope === "channel" ? "in this channel" : `everywhere in **${userText(result.campaign.name)}**`;
  await reply.send(`You now play **${userText(result.protagonist.name)}** ${where}.`);
}

/** A file name from a Protagonist's or campaign's name: letters, digits and hyphens only. */
export function exportFileName(
  name: string,
  kind: "protagonist" | "campaign" = "protagonist",
): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return kind === "campaign"
    ? `${slug || "campaign"}.campaign.json`
    : `${slug || "protagonist"}.json`;
}

export async function exportProtagonist(
  interaction: ChatInputCommandInteraction,
  context: HandlerContext,
): Promise<void> {
  const actor = actorFrom(interaction);
  if (interaction.options.getString("format") === "cthulhu-forever") {
    await exportForever(interaction, context, actor);
    return;
  }
  const { reply, services } = context;
  const exported = await services.protagonists.exportJson({
    actor,
    protagonistId: await protagonistIdOption(interaction, services, actor),
  });
  const name = exported.protagonist.name;
  const file = new AttachmentBuilder(Buffer.from(JSON.stringify(exported, null, 2), "utf8"), {
    name: exportFileName(name),
  });
  await reply.send({
    content: `**${userText(name)}** as a file. Bring it into another campaign or server with \`/protagonist import\`.`,
    files: [file],
  });
}

async function exportForever(
  interaction: ChatInputCommandInteraction,
  { reply, services }: HandlerContext,
  actor: Actor,
): Promise<void> {
  const { name, document } = await services.protagonists.exportForever({
    actor,
    protagonistId: await protagonistIdOption(interaction, services, actor),
  });
  const file = new AttachmentBuilder(Buffer.from(JSON.stringify(document, null, 2), "utf8"), {
    name: exportFileName(name).replace(/\.json$/, ".cthulhu-forever.json"),
  });
  await reply.send({
    content: `**${userText(name)}** for **Cthulhu Forever**: open the web generator and import this file. It comes back here with \`/protagonist import\`.`,
    files: [file],
  });
}

/**
 * From an attached export (downloaded here, at most 100 kB) or its text pasted into `json`. The
 * paste is there for when an attachment can't be used; Discord limits it to 6,000 characters.
 */
export async function importProtagonist(
  interaction: ChatInputCommandInteraction,
  { reply, services }: HandlerContext,
): Promise<void> {
  const actor = actorFrom(interaction);
  const file = interaction.options.getAttachment("file");
  const pasted = interaction.options.getString("json");
  if ((file === null) === (pasted === null)) {
    throw new UserError(
      "Attach the exported file with `file` (or paste its text into `json`), one of the two.",
    );
  }
  const json =
    file === null
      ? (pasted ?? "")
      : await downloadTextAttachment(file, { maxBytes: IMPORT_MAX_BYTES });
  const result = await services.protagonists
    .importJson({ actor, json, name: interaction.options.getString("name") })
    .catch((error: unknown) => {
      if (error instanceof ImportRefused) throw new UserError(importProblemsText(error.problems));
      throw error;
    });
  const selected = result.selected ? " You now play them in this campaign." : "";
  const imported = `📥 Imported **${userText(result.protagonist.name)}** (${userText(result.protagonist.archetype)}).${selected}`;
  await reply.send(result.forever ? `${imported}\n${foreverImportText(result.forever)}` : imported);
}
