/** Naira typed by staff ("5,000", "₦ 1500.50") as kobo; null when empty, not a number or below zero. */
export function typedNairaToKobo(text: string): number | null {
  const n = Number(text.replace(/[,\s₦]/g, ''));
  return text.trim() !== '' && Number.isFinite(n) && n >= 0 ? Math.round(n * 100) : null;
}
