// Playwright globalSetup: the same single temp root per run as vitest's (see test/temp-root.ts).
import setup from './temp-root';

export default async function globalSetup(): Promise<() => void> {
  return setup();
}
