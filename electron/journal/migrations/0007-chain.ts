import { chainRules, chainSchema, chainTables } from '../chain-spec';
import {
  cancellationMovesChain,
  cancellationsChain,
  cardPaymentEventsChain,
  cardPaymentsChain,
  cashMovementsChain,
  correctionOutcomesChain,
  correctionsChain,
  saleEventsChain,
  salesChain,
  shiftsChain,
  tendersChain,
} from '../chain-tables';

/**
 * 7: the tamper-evident hash chain (always the last step; see ../README.md "The hash chain").
 * Rows the file already holds are chained first, oldest first; from here on triggers chain every
 * money write in its own transaction.
 */
export const chain = `
  ${chainSchema}
  ${chainTables([
    shiftsChain, cashMovementsChain, salesChain, saleEventsChain, tendersChain,
    cardPaymentsChain, cardPaymentEventsChain, correctionsChain, correctionOutcomesChain, cancellationsChain, cancellationMovesChain,
  ])}
  ${chainRules}
`;
