/**
 * "1 night", "3 nights": English counts for what main writes in English (sale labels, receipts).
 * Screens use their i18n catalogue's ICU plurals instead, which know every language's categories.
 */
export const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;
