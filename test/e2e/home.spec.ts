import { test, expect } from './test';
import { startPreviewHost, type PreviewHost } from '../helpers/preview-host';
import { openTill } from './support';
import { sellHotelRoom } from '../helpers/hotel-sale';
import { axeViolations } from './axe';
import { keepScreenshot } from './keep-screenshot';

let host: PreviewHost;
test.beforeAll(async () => {
  host = await startPreviewHost({ args: ['--terminal-name', 'Box Office 2', '--terminal-id', 'BO2'] });
});
test.afterAll(async () => host?.stop());

test('home screen renders the tiles, the training badge, the terminal and the status', async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(host.url);

  await expect(page.getByRole('button', { name: /Cinema/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Hotels/ })).toBeVisible();
  await expect(page.getByText('TRAINING — no real sales')).toBeVisible();
  await expect(page.getByLabel('Terminal')).toContainText('Box Office 2');
  await expect(page.getByTestId('status-partner')).toContainText('Training mode');
  await expect(page.getByTestId('status-printer')).toContainText('Preview printer');

  // Touch targets: every button at least 48 px in both directions.
  for (const button of await page.getByRole('button').all()) {
    const box = (await button.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(48);
    expect(box.width).toBeGreaterThanOrEqual(48);
  }
  await keepScreenshot(page, { path: test.info().outputPath('home-1920x1080.png') });
  await page.setViewportSize({ width: 1080, height: 1920 });
  await keepScreenshot(page, { path: test.info().outputPath('home-1080x1920.png') });
  expect(consoleErrors).toEqual([]);
});

test('each tile opens its screen and Back returns the cashier home', async ({ page }) => {
  await page.goto(host.url);
  await page.getByRole('button', { name: /Hotels/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a room');
  await page.getByRole('button', { name: /Back/ }).click();
  await page.getByRole('button', { name: /Cinema/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Now showing');
  await page.getByRole('button', { name: /Back/ }).click();
  await expect(page.getByRole('heading', { name: 'What would you like to sell?' })).toBeVisible();
});

test('the front-desk profile puts Hotels first', async ({ page }) => {
  const desk = await startPreviewHost({ args: ['--profile', 'front-desk'] });
  try {
    await page.goto(desk.url);
    await expect(page.locator('.tile').first()).toContainText('Hotels');
  } finally {
    await desk.stop();
  }
});

test('app:info round-trips from the page through the host', async ({ page }) => {
  await page.goto(host.url);
  const info = await page.evaluate(async () => {
    const token = document.querySelector<HTMLMetaElement>('meta[name="lobby-pos-host-token"]')!.content;
    const response = await fetch('/rpc/app:info', { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: '{}' });
    return response.json();
  });
  expect(info.ok).toBe(true);
  expect(info.value).toMatchObject({ terminalId: 'BO2', terminalName: 'Box Office 2', profile: 'counter', trainingMode: true, currency: 'NGN' });
});

test('a bad request comes back as VALIDATION naming the field', async ({ page }) => {
  await page.goto(host.url);
  const result = await page.evaluate(async () => {
    const token = document.querySelector<HTMLMetaElement>('meta[name="lobby-pos-host-token"]')!.content;
    const response = await fetch('/rpc/app:health', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: '{"refresh":"yes"}' });
    return response.json();
  });
  expect(result.ok).toBe(false);
  expect(result.error.code).toBe('VALIDATION');
  expect(Object.keys(result.error.fields)).toEqual(['refresh']);
});

test('the page runs under the strict CSP, breaking none of it itself, with no Node and no token leak into the URL', async ({ page }) => {
  // What the policy refuses is said by the page's violation events, not always on the console (a
  // refused eval that the code catches says nothing there).
  const violations: string[] = [];
  await page.exposeBinding('reportViolation', (_source, text: string) => void violations.push(text));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation(text: string): void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  const response = await page.goto(host.url);
  expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");
  // The app has loaded (and made its schemas) without a violation of its own.
  await expect(page.getByRole('button', { name: /Hotels/ })).toBeVisible();
  expect(violations).toEqual([]);
  expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
  expect(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined');
  // An inline script must be refused by the policy.
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.head.append(script);
    return (window as { __inlineRan?: boolean }).__inlineRan === true;
  });
  expect(ran).toBe(false);
  // ... and that refusal is seen, once by each policy (the header's and the meta tag's), as a
  // violation of the app's own would be.
  const inline = expect.stringMatching(/^script-src(-elem)? inline$/);
  await expect.poll(() => violations).toEqual([inline, inline]);
});

test("the ready banner says who sells under which shift without reading the shift's figures, which grow with the shift", async ({ page }) => {
  const own = await startPreviewHost();
  try {
    await openTill(page, own, { name: 'Ada Supervisor' });
    const asked: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/rpc/')) asked.push(path.slice('/rpc/'.length));
    });
    await page.getByRole('button', { name: /Cinema/ }).first().click();
    await page.getByRole('button', { name: /Back/ }).click();
    await expect(page.locator('.ready-banner')).toHaveText(/^Signed in: Ada Supervisor · shift 1 open/);
    expect(asked).toContain('staff:status');
    expect(asked).not.toContain('shift:current');
  } finally {
    await own.stop();
  }
});

test('Home shows signed-in staff the till’s last sale, one tap from its reprint and refund; nobody else', async ({ page }) => {
  const own = await startPreviewHost();
  try {
    await openTill(page, own, { name: 'Ada Supervisor' });
    // Nothing sold yet: nothing to show.
    await expect(page.locator('.ready-banner')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Last sale' })).toHaveCount(0);
    const first = await sellHotelRoom(own, 'HOME-LAST-1');
    const second = await sellHotelRoom(own, 'HOME-LAST-2');
    expect([first.state, second.state]).toEqual(['confirmed', 'confirmed']);
    await page.reload();
    const last = page.getByRole('region', { name: 'Last sale' });
    await expect(last.getByRole('button')).toHaveCount(1);
    const sold = (await own.rpc('sale:get', { saleId: 'HOME-LAST-2' })).json.value;
    await expect(last.getByRole('button')).toContainText(sold.partnerReference);
    expect((await axeViolations(page)).map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await last.getByRole('button').click();
    await expect(page.getByRole('heading', { name: 'Sale confirmed' })).toBeVisible();
    await expect(page.getByText(sold.partnerReference).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print again (COPY)' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refund…' })).toBeVisible();
    // Signed out, Home names no customer.
    await own.rpc('staff:sign-out', {});
    await page.reload();
    await expect(page.getByRole('button', { name: /Cinema/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Last sale' })).toHaveCount(0);
  } finally {
    await own.stop();
  }
});
