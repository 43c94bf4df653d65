import { expect, type Page } from '@playwright/test';
import type { MessageKey } from '../../renderer/src/i18n/catalogues/en';
import type { Language } from '../../renderer/src/i18n/languages';
import { translator } from '../helpers/translator';

/** What the screen says for `key` in `language`: tests find buttons by their words, as a customer does. */
export function say(language: Language, key: MessageKey, values?: Record<string, string | number>): string {
  return translator(language)(key, values);
}

export const exact = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** A signed-in English-speaking staff member switches her screens to French (Staff -> Settings -> my language). */
export async function chooseFrench(page: Page) {
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await page.getByRole('navigation', { name: 'Back office sections' }).getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('group', { name: say('en', 'settings.myLanguage') }).getByRole('button', { name: 'Français' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', /^fr/);
}
