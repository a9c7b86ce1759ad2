import { EmbedBuilder, type ChatInputCommandInteraction } from "discord.js";
import { actorFrom } from "../../../src/core/discord/actor.js";
import type { HandlerContext } from "../../../src/games/cthulhu-eternal/command.js";
import { EMBED_LIMITS, truncate, userText } from "../../../src/core/discord/format.js";
import {
  SETTINGS_COLOUR,
  settingChanges,
  settingsEmbed,
} from "../../../src/games/cthulhu-eternal/presentation/campaign-settings.js";
import { gmChannelOfThisServer } from "../../../src/games/cthulhu-eternal/presentation/secret-roll.js";
import { UserError } from "../../../src/core/discord/user-facing-error.js";
import {
  DEFAULT_RULE_OPTIONS,
  type RuleOptions,
} from "../../../src/games/cthulhu-eternal/rules/options.js";
import { parseSanLoss } from "../../../src/games/cthulhu-eternal/rules/sanity/index.js";
import type { CampaignView } from "../../../src/games/cthulhu-eternal/services/campaign-service.js";

type Options = ChatInputCommandInteraction["options"];

/** The value if it is one of the allowed ones (Discord's choices guarantee it; this tells TS). */
function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | undefined {
  return allowed.find((candidate) => candidate === value);
}

const IMPROVEMENTS: readonly RuleOptions["improvement"][] = ["1d4", "1", "1d3", "1d4-1", "check"];
const PROJECTIONS: readonly RuleOptions["projectionWpShortfall"][] = [
  "cap",
  "allow-zero",
  "refuse",
];

/** The rule variants the options name; with `reset-rules`, every other one back to its default. */
function ruleChanges(options: Options): Partial<RuleOptions> | undefined {
  const rules: Partial<RuleOptions> = options.getBoolean("reset-rules")
    ? { ...DEFAULT_RULE_OPTIONS }
    : {};
  const failureMarks = options.getBoolean("failure-marks");
  if (failureMarks !== null) rules.failureMarks = failureMarks;
  const improvement = oneOf(IMPROVEMENTS, options.getString("improvement"));
  if (improvement) rules.improvement = improvement;
  const projection = oneOf(PROJECTIONS, options.getString("projection-wp-shortfall"));
  if (projection) rules.projectionWpShortfall = projection;
  const adaptationReset = options.getBoolean("adaptation-reset");
  if (adaptationReset !== null) rules.adaptationResetOnInsanity = adaptationReset;
  const threshold = options.getInteger("insanity-threshold");
  if (threshold !== null) rules.temporaryInsanityThreshold = threshold;
  const substandard = options.getInteger("substandard-percent");
  if (substandard !== null) rules.substandardPercent = substandard;
  const skillCap = options.getInteger("creation-skill-cap");
  if (skillCap !== null) rules.creationSkillCap = skillCap;
  const unnaturalPicks = options.getBoolean("unnatural-bonus-picks");
  if (unnaturalPicks !== null) rules.unnaturalBonusPicks = unnaturalPicks;
  const exhaustion = options.getInteger("exhaustion-penalty");
  if (exhaustion !== null) rules.exhaustionPenalty = exhaustion;
  const brokenBondLoss = options.getString("broken-bond-loss");
  // The rules' own message for bad notation, before anything is saved.
  if (brokenBondLoss !== null) rules.brokenBondSanLoss = parseSanLoss(brokenBondLoss).notation;
  const playerUndoRolls = options.getBoolean("player-undo-rolls");
  if (playerUndoRolls !== null) rules.playerUndoRolls = playerUndoRolls;
  return Object.keys(rules).length ? rules : undefined;
}

function gmList(campaign: CampaignView): string {
  const gms = campaign.gms.map((gm) =>
    gm.kind === "role" ? `<@&${gm.discordId}>` : `<@${gm.discordId}>`,
  );
  return gms.length ? gms.join(", ") : "none (members with Manage Server still are)";
}

export async function createCampaign(
  interaction: ChatInputCommandInteraction,
  { reply, services }: HandlerContext,
): Promise<void> {
  const campaign = await services.campaigns.create({
    actor: actorFrom(interaction),
    name: interaction.options.getString("name", true),
    era: interaction.options.getString("era") ?? undefined,
  });
  const where = campaign.isDefault
    ? "It is the server's default campaign: every channel plays it unless bound to another with `/campaign bind`."
    : "Bind channels to it with `/campaign bind` to play it there.";
  const embed = new EmbedBuilder()
    .setColor(SETTINGS_COLOUR)
    .setTitle(truncate(`🎬 New campaign: ${userText(campaign.name)}`, EMBED_LIMITS.title))
    .setDescription(
      `<@${interaction.user.id}> is its GM. Era: **${campaign.era}**.\n${where}\nSee and change its rules with \`/campaign settings\`; add GMs with \`/campaign gm add\`.`,
    );
  await reply.send({ embeds: [embed] });
}

export async function campaignSettings(
  interaction: ChatInputCommandInteraction,
  { reply, services }: HandlerContext,
): Promise<void> {
  const actor = actorFrom(interaction);
  const { options } = interaction;
  const campaignId = options.getString("campaign");
  const makeDefault = options.getBoolean("default");
  if (makeDefault === false) {
    throw new UserError(
      "A server always has a default campaign: make another one the default (`default:True` there) instead.",
    );
  }
  const gmChannel = options.getChannel("gm-channel");
  const changes = {
    era: options.getString("era") ?? undefined,
    secretRollMode: options.getString("secret-rolls") ?? undefined,
    gmChannelId:
      gmChannel === null ? undefined : await gmChannelOfThisServer(interaction, gmChannel.id),
    makeDefault: makeDefault ?? undefined,
    rules: ruleChanges(options),
  };
  const before = await services.campaigns.current({ actor, campaignId });
  if (Object.values(changes).every((value) => value === undefined)) {
    await reply.send({ embeds: [settingsEmbed(before)] });
    return;
  }
  const after = await services.campaigns.updateSettings({
    actor,
    campaignId: before.id,
    ...changes,
  });
  const changed = settingChanges(before, after);
  const summary = new EmbedBuilder()
    .setColor(SETTINGS_COLOUR)
    .setTitle(truncate(`⚙️ ${userText(after.name)}: settings changed`, EMBED_LIMITS.title))
    .setDescription(
      truncate(
        changed.length
          ? changed.map((line) => `• ${line}`).join("\n")
          : "Nothing changed: those already were the settings.",
        EMBED_LIMITS.description,
      ),
    );
  await reply.send({ embeds: [summary, settingsEmbed(after)] });
}

export async function changeGm(
  interaction: ChatInputCommandInteraction,
  { reply, services }: HandlerContext,
  change: "add" | "remove",
): Promise<void> {
  const user = interaction.options.getUser("user");
  const role = interaction.options.getRole("role");
  if ((user === null) === (role === null)) {
    throw new UserError(
      `Name one member or one role: \`/campaign gm ${change} user:@someone\` or \`/campaign gm ${change} role:@GMs\`.`,
    );
  }
  const target = user
    ? { kind: "user" as const, discordId: user.id, shown: `<@${user.id}>` }
    : { kind: "role" as const, discordId: role?.id ?? "", shown: `<@&${role?.id ?? ""}>` };
  const request = {
    actor: actorFrom(interaction),
    campaignId: interaction.options.getString("campaign"),
    kind: target.kind,
    discordId: target.discordId,
  };
  const campaign =
    change === "add"
      ? await services.campaigns.addGm(request)
      : await services.campaigns.removeGm(request);
  const what =
    change === "add"
      ? `${target.shown} ${target.kind === "role" ? "(everyone with the role) " : ""}is now a GM of **${userText(campaign.name)}**.`
      : `${target.shown} is no longer a GM of **${userText(campaign.name)}**.`;
  await reply.send(`${what}\nGMs: ${gmList(campaign)}.`);
}

export async function bindChannel(
  interaction: ChatInputCommandInteraction,
  { reply, services }: HandlerContext,
): Promise<void> {
  const campaign = await services.campaigns.bindChannel({
    actor: actorFrom(interaction),
    campaignId: interaction.options.getString("campaign"),
  });
  await reply.send(
    `This channel now plays **${userText(campaign.name)}**: commands here use its Protagonists and rules.`,
  );
}
