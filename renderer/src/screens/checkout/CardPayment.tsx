import { useCallback, useEffect, useRef, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { CardPaymentAttempt, CardPaymentView, PaymentProgress, PaymentStage } from '@shared/payments/card-payment';
import type { RequestOf } from '@shared/ipc/contract';
import type { SaleView } from '@shared/sales/sale-view';
import { useI18n, useErrorText } from '@renderer/i18n/I18nProvider';
import type { MessageKey } from '@renderer/i18n/catalogues/en';
import { declineWords } from './decline-words';
import { usePosMutation } from '@renderer/pos/mutations';
import { usePosEvent, usePosQuery } from '@renderer/pos/queries';
import { Banner } from '@ui/Banner';
import { Button } from '@ui/Button';
import { Sheet } from '@ui/Sheet';
import { TrainingTerminal } from './TrainingTerminal';
import styles from './CardPayment.module.css';

type SubmitRequest = RequestOf<'sale:submit'>;

/** Where the screen stands: at the terminal, showing how the last attempt ended, or giving up. */
type Phase = 'paying' | 'result' | 'leaving';

const stageKey = (stage: PaymentStage): MessageKey => `card.stage.${stage}` as MessageKey;
const steps = ['waiting-for-card', 'pin', 'processing'] as const;
/** Which of the three steps a stage belongs to (reading the card counts as the card step). */
const stepIndex = (stage: PaymentStage | null): number =>
  stage === 'pin' ? 1 : stage === 'processing' || stage === 'checking' ? 2 : stage === 'waiting-for-card' || stage === 'reading-card' ? 0 : -1;

interface StageSeen {
  stage: PaymentStage;
  at: string;
}

/** The last attempt's outcome is not known yet (lost on the way, or still at the terminal). */
const awaitingAnswer = (view: CardPaymentView | null | undefined): boolean => {
  const last = view?.attempts.at(-1);
  return last !== undefined && (last.state === 'unknown' || last.state === 'started');
};

/**
 * The card terminal takes over the screen: the amount, what to do at the terminal, each step as
 * the terminal reports it, and Cancel. It sends the sale itself (journal, then the terminal, then
 * only after approval the partner) and ends in one of two ways: the sale went on to the partner
 * (`onSettled`, with its outcome), or the customer gave up (`onAbandoned`: the terminal was called
 * off first, then the sale let go and its seats released). A payment that did not go through says
 * why in plain words and offers Try again, Another card and Cancel.
 */
export function CardPayment({
  request,
  totalKobo,
  onSettled,
  onAbandoned,
  otherWay = false,
}: {
  request: SubmitRequest;
  totalKobo: number;
  onSettled: (sale: SaleView) => void;
  /** `other-way`: the counter takes the money another way (a new sale); `cancel`: the customer gave up. */
  onAbandoned: (why: 'cancel' | 'other-way') => void;
  otherWay?: boolean;
}) {
  const { t, money } = useI18n();
  const say = useErrorText();
  const saleId = request.saleId;
  const [phase, setPhase] = useState<Phase>('paying');
  /** The stage as last pushed (payment:progress), with when the till reached it. */
  const [pushed, setPushed] = useState<StageSeen | null>(null);
  const terminal = usePosQuery('payment:terminal', {}, { staleTime: 60_000 });

  const onProgress = useCallback((progress: PaymentProgress) => {
    if (progress.saleId === saleId) setPushed({ stage: progress.stage, at: progress.at });
  }, [saleId]);
  usePosEvent('payment:progress', onProgress);
  const onUpdated = useCallback((view: CardPaymentView, client: QueryClient) => {
    if (view.saleId !== saleId) return;
    client.setQueryData(['payment:get', { saleId }], view);
  }, [saleId]);
  usePosEvent('payment:updated', onUpdated);

  // What the sale became decides what comes next: on to its outcome, or this screen's result.
  const settled = useCallback((sale: SaleView) => {
    if (sale.state === 'pending') setPhase('result');
    else onSettled(sale);
  }, [onSettled]);
  const submit = usePosMutation('sale:submit', { onSuccess: settled, onError: () => setPhase('result') });
  const retry = usePosMutation('payment:retry', { onSuccess: settled, onError: () => setPhase('result') });
  const cancel = usePosMutation('payment:cancel');
  const leavingFor = useRef<'cancel' | 'other-way'>('cancel');
  const abandon = usePosMutation('payment:abandon', { onSuccess: () => onAbandoned(leavingFor.current), onError: () => setPhase('result') });
  // The attempts as pushed (payment:updated writes them here) or as asked for: every 2 s at the
  // terminal (its stage), afresh on each result (an earlier attempt's answer may be in the
  // cache), and every 3 s while an answer is still being asked of the terminal. So a screen that
  // missed the pushes (its event stream reconnecting) still follows the terminal's steps and moves
  // on when the till's lookup settles the payment.
  const view = usePosQuery('payment:get', { saleId }, {
    enabled: phase !== 'leaving',
    staleTime: 0,
    refetchInterval: (query) => (phase === 'paying' ? 2_000 : phase === 'result' && awaitingAnswer(query.state.data) ? 3_000 : false),
  });
  const refetchView = view.refetch;
  useEffect(() => {
    if (phase === 'result') void refetchView();
  }, [phase, refetchView]);

  // Sent once, when the screen opens; a second mount of the same sale answers with that sale.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    submit.run(request);
  }, [submit, request]);

  const again = () => {
    setPushed(null);
    setPhase('paying');
    retry.run({ saleId });
  };
  const giveUp = (why: 'cancel' | 'other-way') => {
    leavingFor.current = why;
    setPhase('leaving');
    abandon.run({ saleId });
  };

  const current = view.data ?? null;
  const last: CardPaymentAttempt | null = current?.attempts.at(-1) ?? null;
  // An answer still being asked for: once it is known to be approved the sale goes on by itself.
  const waitingForAnswer = phase === 'result' && awaitingAnswer(current);
  const paidAlready = phase === 'result' && last?.state === 'approved';
  const continued = useRef<string | null>(null);
  useEffect(() => {
    if (!paidAlready || !last || continued.current === last.reference) return;
    continued.current = last.reference;
    setPhase('paying');
    retry.run({ saleId });
  }, [paidAlready, last, retry, saleId]);

  // The stage learnt last: pushed, or asked for (a push is never older than a query's answer of the same moment).
  const asked = phase === 'paying' && current?.inProgress && current.stage && current.stageAt ? { stage: current.stage, at: current.stageAt } : null;
  const stage = (asked && (!pushed || asked.at > pushed.at) ? asked : pushed)?.stage ?? null;

  const failure = submit.error ?? retry.error ?? abandon.error;
  const busy = phase === 'paying' || phase === 'leaving' || waitingForAnswer || paidAlready;
  const simulated = terminal.data?.simulated === true;

  return (
    <Sheet title={t('card.title')} opaque focusTitle className={styles.sheet}>
      <div className={styles.layout} data-testid="card-payment">
        <div className={styles.main}>
          <p className={styles.amountLabel}>{t('card.amount')}</p>
          <p className={styles.amount} data-testid="card-amount">
            {money(totalKobo)}
          </p>

          {phase === 'paying' && (
            <>
              <p className={styles.prompt}>{stage === 'pin' ? t('card.stage.pin') : t('card.prompt')}</p>
              <p className={styles.hint}>{t('card.promptHint')}</p>
              <ol className={styles.steps} aria-label={t('card.progress')}>
                {steps.map((step, i) => (
                  <li key={step} className={[styles.step, i < stepIndex(stage) && styles.stepDone, i === stepIndex(stage) && styles.stepCurrent].filter(Boolean).join(' ')} aria-current={i === stepIndex(stage) ? 'step' : undefined}>
                    <span className={styles.stepDot} aria-hidden="true">
                      {i < stepIndex(stage) ? '✓' : i + 1}
                    </span>
                    {t(`card.step.${step}` as MessageKey)}
                  </li>
                ))}
              </ol>
              <p className={styles.status} role="status" aria-live="polite" data-testid="card-stage">
                {stage ? t(stageKey(stage)) : t('card.stage.checking-terminal')}
              </p>
            </>
          )}

          {phase === 'leaving' && (
            <p className={styles.status} role="status">
              {t('card.stage.cancelling')}
            </p>
          )}

          {phase === 'result' && (waitingForAnswer || paidAlready) && (
            <div className={styles.result} role="status" aria-live="polite">
              <h3 className={styles.resultTitle}>{paidAlready ? t('card.approved') : t('card.result.checking')}</h3>
              {!paidAlready && <p className={styles.hint}>{t('card.result.checkingHint')}</p>}
            </div>
          )}

          {phase === 'result' && !waitingForAnswer && !paidAlready && (
            <div className={styles.result} role="alert" data-testid="card-result">
              {last && (
                <>
                  <h3 className={styles.resultTitle}>{t(`card.result.${last.state}` as MessageKey)}</h3>
                  {last.reason && <p className={styles.reason}>{declineWords(t, last) ?? last.reason}</p>}
                  {last.declineCode && <p className={styles.code}>{t('card.declineCode', { code: last.declineCode })}</p>}
                  <p className={styles.hint}>{t('card.nothingCharged')}</p>
                </>
              )}
              {failure && <Banner tone="danger">{say(failure)}</Banner>}
            </div>
          )}
        </div>

        {simulated && <TrainingTerminal />}
      </div>

      <div className={styles.actions}>
        {phase === 'paying' && (
          <Button variant="danger" size="large" busy={cancel.isPending || stage === 'cancelling'} onClick={() => cancel.run({ saleId })}>
            {t('card.cancel')}
          </Button>
        )}
        {phase === 'result' && !busy && (
          <>
            {/* After a decline the way on is another card (the same one was just refused); after a
                cancel, no card in time or a failure, trying again. One button either way: both
                ask the terminal for a card. */}
            {(last !== null || failure) && (
              <Button variant="primary" size="large" onClick={again} disabled={!current?.canRetry && last !== null}>
                {last?.state === 'declined' ? t('card.anotherCard') : t('card.tryAgain')}
              </Button>
            )}
            {otherWay && (
              <Button variant="secondary" size="large" onClick={() => giveUp('other-way')}>
                {t('card.otherWay')}
              </Button>
            )}
            <Button variant="danger" size="large" onClick={() => giveUp('cancel')}>
              {t('card.cancelSale')}
            </Button>
          </>
        )}
      </div>
    </Sheet>
  );
}

