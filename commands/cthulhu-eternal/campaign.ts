import type { CommandModule } from "../../src/games/cthulhu-eternal/command.js";
import { subcommandTable } from "../../src/core/discord/subcommands.js";
import {
  bondChoices,
  protagonistChoices,
} from "../../src/games/cthulhu-eternal/presentation/autocomplete.js";
import {
  campaignChoices,
  disorderChoices,
} from "../../src/games/cthulhu-eternal/presentation/campaign-autocomplete.js";
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
import {
  openPartySheet,
  PARTY_PAGE_ACTION,
  PARTY_SHEET_ACTION,
  showParty,
  turnPartyPage,
} from "./campaign/party.js";
import {
  askSessionEnd,
  cancelSessionEnd,
  confirmSessionEnd,
  END_CANCEL_ACTION,
  END_CONFIRM_ACTION,
} from "./campaign/session-end.js";
import { bindChannel, campaignSettings, changeGm, createCampaign } from "./campaign/setup.js";
import { exportCampaign, importCampaign } from "./campaign/transfer.js";
import { campaignExtras, extrasChoices } from "../../src/games/cthulhu-eternal/extras/commands.js";

/** Each subcommand once: its handler, whether it writes, whether only the user sees it. */
export const CAMPAIGN_SUBCOMMANDS = subcommandTable({
  create: { run: createCampaign, writes: true },
  settings: { run: campaignSettings, writes: true },
  "gm add": {
    run: (interaction, context) => changeGm(interaction, context, "add"),
    writes: true,
    gmOnly: true,
  },
  "gm remove": {
    run: (interaction, context) => changeGm(interaction, context, "remove"),
    writes: true,
    gmOnly: true,
  },
  bind: { run: bindChannel, writes: true, gmOnly: true },
  // The file may hold hidden entities: it goes to the GM alone.
  export: { run: exportCampaign, private: true, gmOnly: true },
  import: { run: importCampaign, writes: true },
  extras: { run: campaignExtras, writes: true },
  party: { run: showParty },
  // The session-end question is the GM's alone; everything else is for the table to see.
  "session-end": { run: askSessionEnd, private: true, gmOnly: true },
  "downtime replenish": { run: replenishResources, writes: true, gmOnly: true },
  "downtime bond": { run: improveBond, writes: true },
  "downtime recover": { run: recoverSanity, writes: true, gmOnly: true },
  "downtime disorder": { run: changeDisorder, writes: true },
  "downtime adversity": { run: sharedAdversity, writes: true, gmOnly: true },
});

export const campaignCommand: CommandModule = {
  definition,
  ephemeral: CAMPAIGN_SUBCOMMANDS.isPrivate,
  gmOnly: CAMPAIGN_SUBCOMMANDS.gmOnly,
  writes: {
    subcommands: CAMPAIGN_SUBCOMMANDS.writing,
    components: [END_CONFIRM_ACTION, ADVERSITY_CHOICE_ACTION, ADVERSITY_FELLOWS_ACTION],
  },
  execute: CAMPAIGN_SUBCOMMANDS.execute,
  autocomplete: async (interaction, { services }) => {
    const focused = interaction.options.getFocused(true);
    if (focused.name === "campaign") return campaignChoices(interaction, services, focused.value);
    if (focused.name === "protagonist" || SURVIVOR_OPTIONS.includes(focused.name)) {
      return protagonistChoices(interaction, services, focused.value);
    }
    if (focused.name === "bond") return bondChoices(interaction, services, focused.value);
    if (["module", "setting", "value"].includes(focused.name)) {
      return extrasChoices(interaction, services);
    }
    if (focused.name === "disorder") return disorderChoices(interaction, services, focused.value);
    return [];
  },
  buttons: {
    [PARTY_PAGE_ACTION]: turnPartyPage,
    [END_CONFIRM_ACTION]: confirmSessionEnd,
    [END_CANCEL_ACTION]: cancelSessionEnd,
  },
  selectMenus: {
    [PARTY_SHEET_ACTION]: openPartySheet,
    [ADVERSITY_CHOICE_ACTION]: chooseAdversityBond,
    [ADVERSITY_FELLOWS_ACTION]: chooseAdversityFellows,
  },
};
