import type { Logger } from "../logger.js";

/** Long enough for a slow handler to finish, short enough for a deploy not to stall. */
export const DRAIN_TIMEOUT_MS = 10_000;

export interface ShutdownSteps {
  readonly log: Logger;
  /** Answer new interactions with "restarting" from now on. */
  readonly stopAccepting: () => void;
  /** Wait for running work; resolves false when some was still running at the timeout. */
  readonly drain: (timeoutMs: number) => Promise<boolean>;
  /** Run in order after draining (Discord client first, then the database). */
  readonly closers: readonly { readonly name: string; readonly close: () => Promise<void> }[];
  readonly exit: (code: number) => void;
  readonly drainTimeoutMs?: number;
}

/** Returns the one shutdown routine; calls after the first wait for the same run. */
export function createShutdown(
  steps: ShutdownSteps,
): (reason: string, code?: number) => Promise<void> {
  let running: Promise<void> | undefined;
  return (reason, code = 0) => {
    running ??= (async () => {
      const { log } = steps;
      log.info({ reason }, "shutting down: finishing interactions in flight");
      steps.stopAccepting();
      const drained = await steps.drain(steps.drainTimeoutMs ?? DRAIN_TIMEOUT_MS);
      if (!drained) log.warn("some interactions were still running; stopping anyway");
      let exitCode = code;
      for (const closer of steps.closers) {
        try {
          await closer.close();
        } catch (error) {
          exitCode = exitCode === 0 ? 1 : exitCode;
          log.error({ err: error }, `could not close the ${closer.name}`);
        }
      }
      log.info({ exitCode }, "stopped");
      steps.exit(exitCode);
    })();
    return running;
  };
}

/**
 * SIGINT/SIGTERM shut down cleanly; a second signal means "now", for a stuck shutdown. A shard
 * of the sharding manager (`managed`) may get the same stop twice, from the terminal or the
 * service manager and again from its manager: it keeps draining.
 */
export function shutDownOnSignals(
  shutdown: (reason: string) => Promise<void>,
  log: Logger,
  exit: (code: number) => void,
  { managed = false }: { managed?: boolean } = {},
): void {
  let received = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (received && managed) return;
    if (received) {
      log.warn({ signal }, "second signal: exiting without waiting");
      exit(1);
      return;
    }
    received = true;
    void shutdown(signal);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}
