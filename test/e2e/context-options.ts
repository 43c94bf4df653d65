/**
 * The browser context every browser test gets unless it asks for other options: Playwright's own
 * defaults, and reduced motion, which the app honours (no shimmer on loading rows, a steady ring on
 * the card step). Chromium draws without a GPU here, and an animation on screen while a test waits
 * (a terminal, a slow partner) cost a tenth to a quarter of a core for as long as it showed;
 * payments.spec.ts checks the motion both ways. playwright.config.ts sets its `use` from this, and
 * test/e2e/test.ts makes the worker's shared context with it.
 */
export const sharedContextOptions = {
  timezoneId: undefined,
  locale: 'en-US',
  hasTouch: false,
  isMobile: false,
  colorScheme: 'light',
  reducedMotion: 'reduce',
  viewport: { width: 1280, height: 720 },
} as const;
