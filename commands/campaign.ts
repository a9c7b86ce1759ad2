import type { ChatInputCommandInteraction } from "discord.js";
import type { CommandModule, HandlerContext } from "../src/bot/command.js";
import { subcommandPath } from "../src/bot/writes.js";
import { bondChoices, protagonistChoices } from "../src/bot/presentation/autocomplete.js";
import { campaignChoices, disorderChoices } from "../src/bot/presentation/campaign-autocomplete.js";
import {
  chooseAdversityBond,
  chooseAdversityFellows,
  sharedAdversity,
} from "./campaign/adversity.js";
import { ADVERSITY_CHOICE_ACTION, ADVERSITY_FELLOWS_ACTION } from "./campaign/adversity-menus.js";
import { definition, SURVIVOR_OPTIONS } from "./campaign/definition.js";
import {
  changeDisorder,
  improveBond,
  recoverSanity,
  replenishResources,
} from "./campaign/downtime.js";
import { PARTY_PAGE_ACTION, showParty, turnPartyPage } from "./campaign/party.js";
import {
  askSessionEnd,
  cancelSessionEnd,
  confirmSessionEnd,
  END_CANCEL_ACTION,
  END_CONFIRM_ACTION,
} from "./campaign/session-end.js";
import { bindChannel, campaignSettings, changeGm, createCampaign } from "./campaign/setup.js";

type Handler = (interaction: ChatInputCommandInteraction, context: HandlerContext) => Promise<void>;

/** Handlers by "group subcommand" (or just "subcommand"). */
const HANDLERS: Readonly<Record<string, Handler>> = {
  create: createCampaign,
  settings: campaignSettings,
  "gm add": (interaction, context) => changeGm(interaction, context, "add"),
  "gm remove": (interaction, context) => changeGm(interaction, context, "remove"),
  bind: bindChannel,
  party: showParty,
  "session-end": askSessionEnd,
  "downtime replenish": replenishResources,
  "downtime bond": improveBond,
  "downtime recover": recoverSanity,
  "downtime disorder": changeDisorder,
  "downtime adversity": sharedAdversity,
};

/** What changes the table, for the per-user write rate limit (paging and reads are free). */
const WRITING_SUBCOMMANDS = [
  "create",
  "settings",
  "gm add",
  "gm remove",
  "bind",
  "downtime replenish",
  "downtime bond",
  "downtime recover",
  "downtime disorder",
  "downtime adversity",
];

export const campaignCommand: CommandModule = {
  definition,
  // The session-end question is the GM's alone; everything else is for the table to see.
  ephemeral: (interaction) => subcommandPath(interaction) === "session-end",
  writes: {
    subcommands: WRITING_SUBCOMMANDS,
    components: [END_CONFIRM_ACTION, ADVERSITY_CHOICE_ACTION, ADVERSITY_FELLOWS_ACTION],
  },
  execute: async (interaction, context) => {
    const handler = HANDLERS[subcommandPath(interaction)];
    if (handler === undefined)
      throw new Error(`no handler for /campaign ${subcommandPath(interaction)}`);
    await handler(interaction, context);
  },
  autocomplete: async (interaction, { services }) => {
    const focused = interaction.options.getFocused(true);
    if (focused.name === "campaign") return campaignChoices(interaction, services, focused.value);
    if (focused.name === "protagonist" || SURVIVOR_OPTIONS.includes(focused.name)) {
      return protagonistChoices(interaction, services, focused.value);
    }
    if (focused.name === "bond") return bondChoices(interaction, services, focused.value);
    if (focused.name === "disorder") return disorderChoices(interaction, services, focused.value);
    return [];
  },
  buttons: {
    [PARTY_PAGE_ACTION]: turnPartyPage,
    [END_CONFIRM_ACTION]: confirmSessionEnd,
    [END_CANCEL_ACTION]: cancelSessionEnd,
  },
  selectMenus: {
    [ADVERSITY_CHOICE_ACTION]: chooseAdversityBond,
    [ADVERSITY_FELLOWS_ACTION]: chooseAdversityFellows,
  },
};
