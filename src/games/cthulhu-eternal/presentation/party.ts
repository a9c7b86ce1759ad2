import { EmbedBuilder } from "discord.js";
import type { ProtagonistView } from "../services/protagonist-queries.js";
import type { BondSnapshot } from "../services/snapshot.js";
import { EMBED_LIMITS, truncate, userText } from "../../../core/discord/format.js";
import { boxes } from "./percentile-format.js";
import { conditionBadges } from "./conditions.js";
import { disorderText, isPendingDisorder } from "./disorders.js";
import { pageFields, pageLabel, type EmbedField } from "./embed-pages.js";

export const PARTY_COLOUR = 0x8e44ad;

/** Adaptation boxes per track (seed 000): three ticks and the Protagonist is adapted. */
const ADAPTATION_BOXES = 3;

function bondText(bond: BondSnapshot): string {
  const text = `${userText(bond.name, 60)} ${bond.score}`;
  // Broken and destroyed Bonds stay on the sheet, crossed off.
  return bond.crossedOff ? `~~${text}~~` : text;
}

function adaptationText(track: { boxes: number; adapted: boolean }): string {
  return `${boxes(track.boxes, ADAPTATION_BOXES)}${track.adapted ? " adapted" : ""}`;
}

/** One Protagonist at a glance: who plays it, HP/WP/SAN, adaptation, Bonds, Resources. */
export function partyField(view: ProtagonistView): EmbedField {
  const p = view.protagonist;
  const disorders = p.disorders.filter((d) => !d.cured);
  const lines = [
    `<@${p.ownerId}> · ${userText(p.archetype, 60)}`,
    ...(view.conditions.length ? [conditionBadges(view.conditions)] : []),
    `HP **${p.hp}**/${p.hpMax} · WP **${p.wp}**/${p.wpMax} · SAN **${p.san}**/${view.derived.maxSan} · BP ${p.breakingPoint}`,
    `Adaptation: violence ${adaptationText(p.adaptation.violence)} · helplessness ${adaptationText(p.adaptation.helplessness)}`,
    `Resources ${p.resources.rating}: ${boxes(p.resources.checked, view.derived.resourceCheckBoxes)}`,
    `Bonds: ${p.bonds.length ? p.bonds.map(bondText).join(" · ") : "none"}`,
  ];
  if (disorders.length) {
    const names = disorders.map((d) =>
      isPendingDisorder(d.name) ? `${disorderText(d, 80)} ⚠️` : disorderText(d, 80),
    );
    lines.push(`Disorders: ${names.join(" · ")}`);
  }
  return { name: userText(p.name), value: truncate(lines.join("\n"), EMBED_LIMITS.fieldValue) };
}

/** The party, split into pages that each fit one embed. */
export function partyPages(views: readonly ProtagonistView[]): EmbedField[][] {
  return pageFields(views.map(partyField), { reserved: 600 });
}

export function partyEmbed(
  campaignName: string,
  page: readonly EmbedField[],
  index: number,
  count: number,
): EmbedBuilder {
  const embed = new EmbedBuilder()
    .setColor(PARTY_COLOUR)
    .setTitle(truncate(`👥 The party of ${userText(campaignName)}`, EMBED_LIMITS.title));
  if (page.length === 0) {
    embed.setDescription("No active Protagonist in this campaign yet.");
  } else {
    embed.setFields(page.map((field) => ({ name: field.name, value: field.value })));
  }
  const label = pageLabel(index, count);
  embed.setFooter({
    text: `${label === null ? "" : `${label} · `}☒ checked ☐ free · ~~crossed off~~ broken Bond · ⚠️ disorder to name`,
  });
  return embed;
}
