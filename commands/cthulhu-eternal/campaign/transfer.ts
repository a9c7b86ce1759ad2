/** `/campaign export | import`: a campaign to a file and back. */
import { AttachmentBuilder, type ChatInputCommandInteraction } from "discord.js";
import { actorFrom } from "../../../src/core/discord/actor.js";
import { downloadTextAttachment } from "../../../src/core/discord/attachment-download.js";
import { userText } from "../../../src/core/discord/format.js";
import { UserError } from "../../../src/core/discord/user-facing-error.js";
import type { HandlerContext } from "../../../src/games/cthulhu-eternal/command.js";
import { exportFileName } from "../protagonist-sheet.js";
import { CAMPAIGN_IMPORT_MAX_BYTES } from "../../../src/games/cthulhu-eternal/services/campaign-transfer.js";

export async function exportCampaign(
  interaction: ChatInputCommandInteraction,
  { reply, services }: HandlerContext,
): Promise<void> {
  const file = await services.campaignTransfer.exportCampaign({
    actor: actorFrom(interaction),
    campaignId: interaction.options.getString("campaign"),
  });
  const name = file.campaign.name;
  await reply.send({
    content: `**${userText(name)}** as a file: settings, custom content and the Extras with their catalogues (hidden entities included: keep it to yourself). Bring it to another server with \`/campaign import\`; Protagonists travel by \`/protagonist export\`.`,
    files: [
      new AttachmentBuilder(Buffer.from(JSON.stringify(file, null, 2), "utf8"), {
        name: exportFileName(name, "campaign"),
      }),
    ],
  });
}

export async function importCampaign(
  interaction: ChatInputCommandInteraction,
  { reply, services }: HandlerContext,
): Promise<void> {
  const file = interaction.options.getAttachment("file");
  const pasted = interaction.options.getString("json");
  if ((file === null) === (pasted === null)) {
    throw new UserError(
      "Attach the campaign file with `file` (or paste its text into `json`), one of the two.",
    );
  }
  const json =
    file === null
      ? (pasted ?? "")
      : await downloadTextAttachment(file, { maxBytes: CAMPAIGN_IMPORT_MAX_BYTES });
  const result = await services.campaignTransfer.importCampaign({
    actor: actorFrom(interaction),
    json,
    name: interaction.options.getString("name"),
  });
  const note = result.gmChannelDropped
    ? " Its secret rolls went to a GM channel of the old server: they are private replies here until you pick one (`/campaign settings`)."
    : "";
  await reply.send(
    `📥 Campaign **${userText(result.campaign.name)}** imported; you are its GM. Bind a channel to it with \`/campaign bind\`.${note}`,
  );
}
