import { z } from 'zod';
import { saleViewSchema } from './sale-view';

/** How a stop cut into a sale: partner call in flight, card payment at the terminal, receipt on its way to the paper. */
export const restartCuts = ['inFlight', 'atTerminal', 'printing'] as const;

/**
 * What became of it since, as one thing for the person at the screen: the till is still settling it
 * (`checking`), the terminal is asked about the card (`atTerminal`), staff give the money back
 * (`giveBack`), the terminal gave the card payment back by itself (`cardBack`), nothing was taken
 * (`nothingTaken`), the receipt must be checked and perhaps printed again (`checkReceipt`), or it
 * went through and nothing is left to do (`done`).
 */
export const restartOutcomes = ['checking', 'atTerminal', 'giveBack', 'cardBack', 'nothingTaken', 'checkReceipt', 'done'] as const;
export type RestartOutcome = (typeof restartOutcomes)[number];

/** The staff notice after a start that found sales a stop had cut off: each sale, how, and where it stands. */
export const staffRestartNoticeSchema = z.object({
  notice: z
    .object({
      restartedAt: z.iso.datetime(),
      sales: z.array(
        z.object({
          cut: z.enum(restartCuts),
          outcome: z.enum(restartOutcomes),
          /** The sale's receipt number on this till ("T01-000042") when it has one. */
          receiptNumber: z.string().nullable(),
          sale: saleViewSchema,
        }),
      ),
    })
    .nullable(),
});
export type StaffRestartNotice = z.infer<typeof staffRestartNoticeSchema>;
