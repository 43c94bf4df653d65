import type { Page } from '@playwright/test';

/**
 * One call of the contract made by the page itself, as the app's own client makes it: the page's
 * token from its meta tag, `POST /rpc/<channel>`. For setting a till up (the first supervisor, a
 * shift) without walking the screens the tests about them walk. Shared by the browser tests and
 * `npm run bench` (scripts/bench/renderer.ts).
 */
export function callFromPage(page: Page, channel: string, body: unknown): Promise<{ ok: boolean }> {
  // Nothing named inside: under tsx (the bench), esbuild wraps named functions in a helper the page does not have.
  return page.evaluate(
    async ({ channel, body }) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="lobby-pos-host-token"]')!.content;
      const response = await fetch(`/rpc/${channel}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      return (await response.json()) as { ok: boolean };
    },
    { channel, body },
  );
}
