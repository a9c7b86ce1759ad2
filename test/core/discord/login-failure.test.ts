import { DiscordjsErrorCodes } from "discord.js";
import { describe, expect, it } from "vitest";
import { loginFailureMessage } from "../../../src/core/discord/login-failure.js";

const API = "https://discord.com/api";

function networkError(code: string): Error {
  return Object.assign(new Error(`getaddrinfo ${code} discord.com`), { code });
}

describe("loginFailureMessage", () => {
  it("blames the token only when Discord refused it", () => {
    // What discord.js's login throws when GET /gateway/bot answers 401.
    const invalid = Object.assign(new Error("An invalid token was provided."), {
      code: DiscordjsErrorCodes.TokenInvalid,
    });
    expect(loginFailureMessage(invalid, API)).toBe(
      "Discord refused the token: is DISCORD_TOKEN right?",
    );
    expect(loginFailureMessage(Object.assign(new Error("401"), { status: 401 }), API)).toBe(
      "Discord refused the token: is DISCORD_TOKEN right?",
    );
  });

  it("names the network trouble, also when it is the cause of another error", () => {
    expect(loginFailureMessage(networkError("ENOTFOUND"), API)).toBe(
      "could not reach Discord at https://discord.com/api: the host name does not resolve",
    );
    const wrapped = new TypeError("fetch failed", { cause: networkError("ETIMEDOUT") });
    expect(loginFailureMessage(wrapped, API)).toBe(
      "could not reach Discord at https://discord.com/api: no answer in time",
    );
    const aborted = Object.assign(new Error("This operation was aborted"), { name: "AbortError" });
    expect(loginFailureMessage(aborted, API)).toBe(
      "could not reach Discord at https://discord.com/api: no answer in time",
    );
  });

  it("falls back on the error's own message", () => {
    expect(loginFailureMessage(new Error("certificate has expired"), API)).toBe(
      "could not reach Discord at https://discord.com/api: certificate has expired",
    );
  });
});
