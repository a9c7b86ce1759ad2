import { EmbedBuilder } from "discord.js";
import type { BondList, BondView } from "../services/bond-service.js";
import { EMBED_LIMITS, truncate, userText } from "../../../core/discord/format.js";

export const BOND_COLOUR = 0xb9770e;
const BROKEN_COLOUR = 0x7f8c8d;

/** A Bond's name; a broken or destroyed one is crossed off ~~like this~~ but still shown. */
export function bondName(bond: Pick<BondView, "name" | "crossedOff">): string {
  const name = userText(bond.name);
  return bond.crossedOff ? `~~${name}~~` : `**${name}**`;
}

/**
 * "**Tom** · individual · 9/12", with "broken" or "destroyed" for crossed-off ones and a link
 * mark for a Bond to a fellow Protagonist.
 */
export function bondLine(bond: BondView): string {
  const status = bond.status === "active" ? "" : ` · ${bond.status}`;
  const fellow = bond.fellowId === null ? "" : " · 🔗 fellow Protagonist";
  return `${bondName(bond)} · ${bond.kind} · ${bond.score}/${bond.max}${fellow}${status}`;
}

/** Every Bond of a Protagonist, standing ones first, crossed-off ones kept and struck through. */
export function bondListEmbed(list: BondList): EmbedBuilder {
  const standing = list.bonds.filter((b) => !b.crossedOff);
  const crossed = list.bonds.filter((b) => b.crossedOff);
  const lines = [...standing, ...crossed].map(bondLine);
  return new EmbedBuilder()
    .setColor(BOND_COLOUR)
    .setTitle(truncate(`Bonds — ${userText(list.protagonist.name)}`, EMBED_LIMITS.title))
    .setDescription(
      truncate(
        lines.length ? lines.join("\n") : "No Bonds yet. Add one with `/bond add`.",
        EMBED_LIMITS.description,
      ),
    )
    .setFooter({
      text: `Individual Bonds go up to CHA (${list.cha}), community Bonds up to 20. Crossed-off Bonds stay on the sheet.`,
    });
}

/** A change to one Bond: what happened, in a few lines. */
export function bondChangeEmbed(options: {
  title: string;
  who: string;
  bond: BondView;
  lines: readonly string[];
  roller: string;
  eventId: number;
}): EmbedBuilder {
  return new EmbedBuilder()
    .setColor(options.bond.crossedOff ? BROKEN_COLOUR : BOND_COLOUR)
    .setAuthor({ name: truncate(options.roller, EMBED_LIMITS.fieldName) })
    .setTitle(truncate(options.title, EMBED_LIMITS.title))
    .setDescription(
      truncate(
        [`**${userText(options.who)}**`, ...options.lines].join("\n"),
        EMBED_LIMITS.description,
      ),
    )
    .setFooter({ text: `Now: ${plainBondLine(options.bond)} · event #${options.eventId}` });
}

/** Footers show no markdown. */
function plainBondLine(bond: BondView): string {
  const status = bond.status === "active" ? "" : `, ${bond.status}`;
  return truncate(`${bond.name} ${bond.score}/${bond.max}${status}`, 200);
}
