/** A void's or refund's own id, made when its sheet opens: sent again (a double tap, a retry) it returns the same correction. */
export const newCorrectionId = (kind: 'void' | 'refund') => `${kind === 'void' ? 'V' : 'R'}-${crypto.randomUUID()}`;
