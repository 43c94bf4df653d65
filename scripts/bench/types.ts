/** One line of the `npm run bench` table. */
export interface BenchRow {
  name: string;
  median: number;
  p99: number;
  unit: 'ms' | 'µs' | 'KiB' | 's' | 'rows/s' | '%';
  note?: string;
}
