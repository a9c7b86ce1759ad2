/** The lists and autocomplete reads of Protagonists, their skills and their Bonds. */
export interface ProtagonistReads {
  /** The campaign's Protagonists by name: active ones unless `includeInactive`, the owner's if named. */
  listIn(
    guildId: string,
    campaignId: string,
    filter: { ownerId?: string | null; includeInactive?: boolean },
  ): Promise<ProtagonistListing[]>;
  /** The campaign's Protagonists whose name contains `text` (ASCII case aside), by name. */
  search(
    guildId: string,
    campaignId: string,
    text: string,
    filter: { ownerId?: string | null; limit: number },
  ): Promise<ProtagonistMatch[]>;
  /** The Protagonist's skills whose name contains `text` (any case), by name. */
  skillsMatching(protagonistId: string, text: string, limit: number): Promise<SkillMatch[]>;
  /** The Protagonist's Bonds (standing ones unless `includeBroken`) whose name contains `text`. */
  bondsMatching(
    protagonistId: string,
    text: string,
    filter: { includeBroken?: boolean; limit: number },
  ): Promise<BondMatch[]>;
  /** Whether the guild has a Protagonist with this id (without reading its sheet). */
  exists(guildId: string, id: string): Promise<boolean>;
}

/** A Protagonist as the campaign's list shows it. */
export interface ProtagonistListing {
  id: string;
  name: string;
  ownerId: string;
  status: string;
  archetype: string;
  hp: number;
  hpMax: number;
  wp: number;
  wpMax: number;
  san: number;
  exhausted: boolean;
  temporarilyInsane: boolean;
  adaptedViolence: boolean;
  adaptedHelplessness: boolean;
}

export interface ProtagonistMatch {
  id: string;
  name: string;
  ownerId: string;
  status: string;
}

export interface SkillMatch {
  id: string;
  name: string;
  rating: number;
  failureMarked: boolean;
  /** Who may see the mark (SkillSnapshot.failureMarkVisibleTo). */
  failureMarkVisibleTo: string | null;
}

export interface BondMatch {
  id: string;
  name: string;
  kind: string;
  score: number;
  crossedOff: boolean;
}
