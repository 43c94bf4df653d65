import { test, expect } from './test';
import { axeViolations } from './axe';

/** The scan every screen test relies on finds what it should, inside what it is pointed at, and again after the page changes. */
test('the axe scan finds an unlabelled image and button, only inside what it is pointed at, after a navigation too', async ({ page }) => {
  await page.setContent('<html lang="en"><head><title>t</title></head><body><main><h1>Shop</h1><div id="a"><img src="data:,"></div><div id="b"><button></button></div></main></body></html>');
  expect((await axeViolations(page)).map((v) => v.id).sort()).toEqual(['button-name', 'image-alt']);
  expect((await axeViolations(page, { include: '#b' })).map((v) => v.id)).toEqual(['button-name']);
  await page.setContent('<html lang="en"><head><title>t</title></head><body><main><h1>Shop</h1><img src="data:," alt="A logo"></main></body></html>');
  expect(await axeViolations(page)).toEqual([]);
  await page.goto('data:text/html,<html lang="en"><head><title>t</title></head><body><main><h1>Shop</h1><button></button></main></body></html>');
  expect((await axeViolations(page)).map((v) => v.id)).toEqual(['button-name']);
});
