import type { TerminalInfo } from '../../shared/payments/card-payment';
import type { DomainEvents } from '../core/domain-events';
import type { EventHub } from '../core/event-hub';
import type { Logger } from '../core/logger';
import type { Journal } from '../journal';
import { createCardPayments, type CardPayments, type CardPaymentsTuning } from '../payments/card-payments';
import { noTerminal, terminalProblem, type TerminalChoice } from '../payments/choose-terminal';

export { noTerminal };
import type { CardTerminalPort } from '../sales/card-terminal-port';

/** The card terminal as the handlers see it: how cards are taken here, and the payments domain when there is one. */
export interface PaymentsContext {
  choice: TerminalChoice;
  /** Null without an integrated terminal, or without a journal. */
  service: CardPayments | null;
  /** Live (a key may be added after start). */
  info(): TerminalInfo;
}

/**
 * Builds the payments domain on the journal for an integrated terminal and connects it: its
 * progress and moves reach the screens; a sale that ends rejected has its approved payment given
 * back; start-up recovery (asking the terminal about every unfinished payment) begins at once, and
 * selling waits for it through the port's `ready()`.
 */
export function wireCardPayments(options: {
  choice: TerminalChoice;
  journal: Journal | null;
  clock: () => Date;
  logger: Logger;
  domainEvents: DomainEvents;
  events: EventHub;
  tuning?: Partial<CardPaymentsTuning>;
}): { context: PaymentsContext; port: CardTerminalPort | null } {
  const { choice, journal, domainEvents, events } = options;
  const info = (): TerminalInfo => (choice.mode === 'none' ? choice.info : { ...choice.info, ...terminalProblem(choice.problem()) });
  if (choice.mode === 'none' || !journal) return { context: { choice, service: null, info }, port: null };

  const service = createCardPayments({ journal, terminal: choice.terminal, device: choice.device, clock: options.clock, logger: options.logger, events: domainEvents, tuning: options.tuning });
  domainEvents.subscribe('payment.progress', ({ progress }) => events.emit('payment:progress', progress));
  domainEvents.subscribe('payment.moved', ({ payment }) => events.emit('payment:updated', payment));
  // No approved payment is left without a confirmed sale: a sale that ends rejected gives its money back.
  domainEvents.subscribe('sale.moved', ({ sale }) => {
    if (sale.state === 'rejected') service.reverseFor(sale.id);
  });
  choice.simulator?.onDisplay((_terminalId, display) => events.emit('payment:simulator-display', display));
  void service.recover();

  const port: CardTerminalPort = {
    problem: choice.problem,
    ready: service.ready,
    charge: service.charge,
    cancel: service.cancel,
  };
  return { context: { choice, service, info }, port };
}
