import { ExtraRefusal } from "../module.js";
import { assertWeaponDice, type WeaponHarm } from "./rules.js";
import { GEAR_ID } from "./state.js";

/** "1D6+1" is dice; "15%" a lethality rating. */
export function harmOf(typed: string): WeaponHarm {
  const lethality = /^(\d{1,3})\s*%$/.exec(typed);
  if (lethality) {
    const rating = Number(lethality[1]);
    if (rating < 1 || rating > 100) {
      throw new ExtraRefusal(GEAR_ID, "bad-lethality", { typed });
    }
    return { kind: "lethality", rating };
  }
  // Written the SRD's way, as SAN losses are: no spaces, a capital D ("2D6+1").
  const dice = typed.replace(/\s+/g, "").replace(/d(?=\d)/g, "D");
  assertWeaponDice(dice);
  return { kind: "dice", dice };
}
