import { userText } from "../../../core/discord/user-text.js";

/** A stored or typed name inside a sentence: shown as text, on one line, uncut. */
export const plain = (text: string): string => userText(text, Number.POSITIVE_INFINITY);
export const bold = (text: string): string => `**${plain(text)}**`;
export const quoted = (text: string): string => `“${plain(text)}”`;
