/**
 * What a refusal must never say: zod's and the dice parser's own wording, the services' names for
 * values, and anything that looks like a stack trace. Players read game words.
 */
const MACHINE_WORDING: readonly RegExp[] = [
  /\bToo (small|big)\b/i,
  /\b(un)?expected\b/i,
  /\bInvalid (input|option|string|type)\b/i,
  /\breceived\b/i,
  /\bposition \d/i,
  /\bat .+:\d+:\d+\b/,
  /\b\w*Error\b/,
  /\b(campaignId|protagonistIds?|bondId|eventId|testEventId|survivorIds|specialisedCost|beforeId|afterId|ownerId|discordId|gmChannelId|secretRollMode|pageSize|contributors|subject)\b/,
  /\b(not found: |invalid input: |dice\.[a-z-]+ in )/,
];

/** The first pattern of machine wording found in `text`, if any. */
export function machineWordingIn(text: string): RegExp | undefined {
  return MACHINE_WORDING.find((pattern) => pattern.test(text));
}
