/**
 * The container's HEALTHCHECK: asks the bot's own health endpoint (HEALTH_PORT, on HEALTH_HOST as
 * the bot listens) and exits 0 when Discord is connected and the database takes writes, 1 otherwise.
 */
const port = process.env.HEALTH_PORT ?? "";
if (!/^\d+$/.test(port)) {
  process.stderr.write("HEALTH_PORT is not set: the health endpoint is off.\n");
  process.exit(1);
}
try {
  const response = await fetch(healthUrl(process.env.HEALTH_HOST?.trim() || "127.0.0.1", port), {
    signal: AbortSignal.timeout(4_000),
  });
  process.stdout.write(`${await response.text()}\n`);
  process.exit(response.ok ? 0 : 1);
} catch (error) {
  process.stderr.write(
    `health check failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}

/** The endpoint's URL; a bot listening on every address is asked on loopback. */
function healthUrl(host: string, port: string): string {
  const asked = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
  return `http://${asked.includes(":") ? `[${asked}]` : asked}:${port}/health`;
}
