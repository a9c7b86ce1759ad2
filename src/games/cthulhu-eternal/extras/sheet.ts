import type { ProtagonistSnapshot } from "../services/snapshot.js";
import type { CampaignExtrasView } from "./extras-service.js";
import type { ExtraSheetField } from "./module.js";

/** The sheet's fields from every module switched on in the Protagonist's campaign. */
export function extraSheetFields(
  view: CampaignExtrasView,
  protagonist: ProtagonistSnapshot,
): ExtraSheetField[] {
  return view.extras
    .filter((extra) => extra.enabled)
    .flatMap((extra) => extra.module.sheet(protagonist, extra.settings, view.campaign));
}
