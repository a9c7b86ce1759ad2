import type { ProtagonistSnapshot, ProtagonistStatus } from "./snapshot.js";

/** Whom a harm or exhaustion result is about, with the status it left them in. */
export interface Who {
  id: string;
  name: string;
  status: ProtagonistStatus;
}

export function who(p: ProtagonistSnapshot): Who {
  return { id: p.id, name: p.name, status: p.status };
}
