/**
 * The container's HEALTHCHECK: asks the bot's own health endpoint (HEALTH_PORT, loopback) and
 * exits 0 when Discord is connected and the database reachable, 1 otherwise.
 */
const port = process.env.HEALTH_PORT ?? "";
if (!/^\d+$/.test(port)) {
  process.stderr.write("HEALTH_PORT is not set: the health endpoint is off.\n");
  process.exit(1);
}
try {
  const response = await fetch(`http://127.0.0.1:${port}/health`, {
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
