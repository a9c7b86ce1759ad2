/** Small statistics and timing helpers shared by every benchmark. */

export interface LatencySummary {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
}

/** Nearest-rank percentile of samples (any order); 0 for none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

export function median(samples: readonly number[]): number {
  return percentile(samples, 50);
}

export function summarize(samplesMs: readonly number[]): LatencySummary {
  const total = samplesMs.reduce((sum, x) => sum + x, 0);
  return {
    samples: samplesMs.length,
    p50Ms: round(percentile(samplesMs, 50), 3),
    p99Ms: round(percentile(samplesMs, 99), 3),
    meanMs: round(samplesMs.length ? total / samplesMs.length : 0, 3),
  };
}

export function round(value: number, digits = 2): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** ours / baseline, rounded; Infinity-safe for a zero baseline. */
export function ratio(ours: number, baseline: number): number {
  if (baseline === 0) return ours === 0 ? 1 : Number.POSITIVE_INFINITY;
  return round(ours / baseline, 2);
}

export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
