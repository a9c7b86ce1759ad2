import { DEFAULT_RULE_OPTIONS } from "../../../../src/games/cthulhu-eternal/rules/options.js";
import type { CampaignView } from "../../../../src/games/cthulhu-eternal/services/campaign-service.js";

/** A campaign as the presentation receives it: Night Floors, session 3, default rules. */
export function campaignView(overrides: Partial<CampaignView> = {}): CampaignView {
  return {
    id: "c1",
    name: "Night Floors",
    era: "modern",
    isDefault: true,
    secretRollMode: "ephemeral",
    gmChannelId: null,
    sessionNumber: 3,
    rules: { ...DEFAULT_RULE_OPTIONS },
    gms: [],
    channels: [],
    ...overrides,
  };
}
