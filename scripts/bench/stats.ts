/** The `fraction` quantile of `values` (nearest rank), e.g. 0.5 for the median, 0.99 for p99. */
export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}

export const median = (values: readonly number[]) => percentile(values, 0.5);

/** Three decimals: enough for a table, without float noise. */
export const round = (value: number) => Math.round(value * 1000) / 1000;
