import { z } from 'zod';
import { correctionViewSchema } from './corrections';
import { saleViewSchema } from './sale-view';

/** A void or refund as recorded, with its sale as it now stands (what was given back, and when). */
export const correctionResultSchema = z.object({ sale: saleViewSchema, correction: correctionViewSchema });
export type CorrectionResultView = z.infer<typeof correctionResultSchema>;
