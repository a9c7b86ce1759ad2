import { randomInt } from "node:crypto";

/** No 0/O, 1/I/L: players read these codes aloud or retype them. */
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const REFERENCE_CODE_LENGTH = 6;

/** A short code shown to the player and logged with the error, to find one in the other. */
export function newReferenceCode(): string {
  let code = "";
  for (let i = 0; i < REFERENCE_CODE_LENGTH; i++)
    code += ALPHABET.charAt(randomInt(ALPHABET.length));
  return code;
}
