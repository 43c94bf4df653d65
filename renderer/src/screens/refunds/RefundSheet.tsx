import { useMemo, useState } from 'react';
import { correctionReasonIds, type CorrectionOptions, type CorrectionReason, type CorrectionView } from '@shared/sales/corrections';
import type { SaleView } from '@shared/sales/sale-view';
import type { Approval } from '@shared/sales/staff';
import { useI18n, useErrorText } from '@renderer/i18n/I18nProvider';
import { usePosMutation } from '@renderer/pos/mutations';
import { usePosQuery } from '@renderer/pos/queries';
import { Button } from '@ui/Button';
import { Chip, Chips } from '@ui/Chip';
import { Field, FieldGroup } from '@ui/Field';
import { Sheet } from '@ui/Sheet';
import { LoadingBlock, QueryState } from '@ui/Status';
import { Stepper } from '@ui/Stepper';
import { ApprovalStep } from './ApprovalStep';
import { newCorrectionId } from './correction-id';
import styles from './Refunds.module.css';

type Tender = CorrectionOptions['tenders'][number]['kind'];

/** The line shares, as main works them out: refunding every item of a line, in any steps, gives back its total exactly. */
function lineValue(line: CorrectionOptions['lines'][number], quantity: number) {
  const upTo = (items: number) => Math.floor((line.totalKobo * items) / line.sold);
  return upTo(line.returned + quantity) - upTo(line.returned);
}

/**
 * A void or a refund, from the sale screen: what comes back (items by line for a refund), how
 * (by the tender it was paid with), why; then a supervisor's PIN on this screen approves it and
 * main gives the money back, journal first. One id per opening of the sheet: a double tap or a
 * retry returns the same correction.
 */
export function RefundSheet({ sale, onClose }: { sale: SaleView; onClose: () => void }) {
  const { t } = useI18n();
  const options = usePosQuery('correction:options', { saleId: sale.id }, { staleTime: 0 });
  return (
    <QueryState query={options} loading={<LoadingBlock label={t('sale.loading')} rows={2} />}>
      {(loaded) => <RefundForm sale={sale} options={loaded} onClose={onClose} refetch={() => void options.refetch()} />}
    </QueryState>
  );
}

function RefundForm({ sale, options, onClose, refetch }: { sale: SaleView; options: CorrectionOptions; onClose: () => void; refetch: () => void }) {
  const { t, money } = useI18n();
  const say = useErrorText();
  // Fixed when the sheet opens: once the money is back, what is left (and so the action) changes under it.
  const [kind] = useState(() => options.action ?? 'refund');
  const [correctionId] = useState(() => newCorrectionId(kind));
  const open = options.tenders.filter((tender) => tender.remainingKobo > 0);
  const [tender, setTender] = useState<Tender | null>(open[0]?.kind ?? null);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [lessNaira, setLessNaira] = useState('');
  const [approvalCode, setApprovalCode] = useState('');
  const [transferReference, setTransferReference] = useState('');
  const [reason, setReason] = useState<CorrectionReason | null>(kind === 'void' ? 'not-completed' : null);
  const [note, setNote] = useState('');
  const [step, setStep] = useState<'form' | 'approve' | 'done'>('form');
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const chosen = options.tenders.find((candidate) => candidate.kind === tender) ?? null;

  const worth = useMemo(
    () => options.lines.reduce((sum, line) => sum + lineValue(line, quantities[line.line] ?? 0), 0),
    [options.lines, quantities],
  );
  const lessKobo = lessNaira.trim() === '' ? null : Math.round(Number(lessNaira.replace(/,/g, '')) * 100);
  const amount = kind === 'void' ? (chosen?.remainingKobo ?? 0) : lessKobo ?? worth;
  // The same limits main keeps, said at once under the field: never ask a supervisor to approve what main must refuse.
  const lessProblem =
    kind !== 'refund' || lessKobo === null
      ? null
      : !Number.isFinite(lessKobo) || lessKobo <= 0
        ? t('refunds.sheet.lessNotAmount')
        : lessKobo > worth
          ? t('said.refund.moreThanItems', { amount: money(worth) })
          : chosen && lessKobo > chosen.remainingKobo
            ? t('said.refund.moreThanPaidBy', { tender: chosen.kind, amount: money(chosen.remainingKobo) })
            : null;
  const lines = options.lines.filter((line) => (quantities[line.line] ?? 0) > 0).map((line) => ({ line: line.line, quantity: quantities[line.line]! }));

  const refund = usePosMutation('correction:refund', { invalidates: ['sale:get', 'correction:options', 'shift:current', 'cancellation:list', 'sale:search'] });
  const voidSale = usePosMutation('correction:void', { invalidates: ['sale:get', 'correction:options', 'shift:current', 'sale:search'] });
  const mutation = kind === 'void' ? voidSale : refund;
  const result: CorrectionView | null = (mutation.data?.correction as CorrectionView | undefined) ?? null;

  const submit = (approval: Approval) => {
    if (!tender || !reason) return;
    const common = {
      correctionId,
      saleId: sale.id,
      basis: options.basis,
      tender,
      approval,
      reason,
      note: note.trim(),
      ...(chosen?.route === 'approval-code' ? { approvalCode: approvalCode.trim() } : {}),
      ...(chosen?.route === 'bank' ? { transferReference: transferReference.trim() } : {}),
    };
    const done = {
      onSuccess: () => setStep('done'),
      onError: (error: { error: { code: string; fields?: Record<string, string[]> } }) => {
        // Anything but the PIN is a problem with the form (or with what is left): back to it, with what is left now.
        if (!error.error.fields?.['approval.pin'] && error.error.code !== 'UNAUTHORIZED') {
          setStep('form');
          if (error.error.code === 'CONFLICT') refetch();
        }
      },
    };
    if (kind === 'void') voidSale.mutate(common, done);
    else refund.mutate({ ...common, lines, ...(lessKobo !== null ? { amountKobo: lessKobo } : {}) }, done);
  };

  const toApproval = () => {
    if (lessProblem) return;
    if (kind === 'refund' && lines.length === 0) return setFormProblem(t('refunds.sheet.chooseItems'));
    if (chosen?.route === 'approval-code' && approvalCode.trim() === '') return setFormProblem(t('refunds.sheet.approvalCodeHint'));
    if (chosen?.route === 'bank' && transferReference.trim().length < 4) return setFormProblem(t('refunds.sheet.bankReferenceHint'));
    if (!reason) return setFormProblem(t('refunds.sheet.reasonNeeded'));
    if (note.trim().length < 3) return setFormProblem(t('refunds.sheet.noteNeeded'));
    setFormProblem(null);
    mutation.reset();
    setStep('approve');
  };

  const title = t(kind === 'void' ? 'refunds.sheet.voidTitle' : 'refunds.sheet.refundTitle');
  if (step === 'done' && result) return <DoneSheet correction={result} onClose={onClose} />;
  if (step === 'approve' && chosen) {
    return (
      <Sheet title={t('refunds.approval.title')} onClose={() => setStep('form')}>
        <ApprovalStep
          lead={t('refunds.approval.lead', { amount: money(amount), customer: sale.customer.name || sale.id, tender: t(`refunds.sheet.tender.${chosen.kind}`) })}
          approvers={options.approvers}
          busy={mutation.isPending}
          error={(mutation.error ? say(mutation.error) : undefined) ?? null}
          onApprove={submit}
          onBack={() => setStep('form')}
        />
      </Sheet>
    );
  }

  // Main's field lines are English notes for the log; when it says a sentence, that sentence (in the staff's language) is what shows.
  const fieldError = (name: string) => (mutation.error?.said ? undefined : mutation.fieldErrors[name]?.join(', '));
  return (
    <Sheet
      title={title}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variant="primary" size="large" onClick={toApproval} disabled={!tender || lessProblem !== null || !(amount > 0)}>
            {t('refunds.sheet.approve')}
          </Button>
        </>
      }
    >
      <div className={styles.sheetBody} data-testid="refund-sheet">
        {kind === 'void' ? (
          <p>{t('refunds.sheet.voidBody', { amount: money(chosen?.remainingKobo ?? 0) })}</p>
        ) : (
          <FieldGroup label={t('refunds.sheet.items')}>
            <div className={styles.lines}>
              {options.lines.map((line) => (
                <div key={line.line} className={styles.line}>
                  <span>
                    <span className={styles.lineLabel}>{line.label}</span>
                    <br />
                    <span className={styles.muted}>
                      {line.remaining > 0 ? t('refunds.sheet.itemLeft', { left: line.remaining, sold: line.sold, unit: money(line.unitKobo) }) : t('refunds.sheet.nothingLeft')}
                    </span>
                  </span>
                  <Stepper label={line.label} value={quantities[line.line] ?? 0} max={line.remaining} onChange={(value) => setQuantities((q) => ({ ...q, [line.line]: value }))} />
                </div>
              ))}
            </div>
          </FieldGroup>
        )}
        <FieldGroup label={t('refunds.sheet.how')}>
          <Chips>
            {options.tenders.map((candidate) => (
              <Chip key={candidate.kind} selected={tender === candidate.kind} disabled={candidate.remainingKobo === 0} onClick={() => setTender(candidate.kind)} note={t('refunds.sheet.left', { amount: money(candidate.remainingKobo) })}>
                {t(`refunds.sheet.tender.${candidate.kind}`)}
              </Chip>
            ))}
          </Chips>
        </FieldGroup>
        {chosen?.route === 'drawer' && options.drawerKobo !== null && <p className={styles.note}>{t('refunds.sheet.drawer', { amount: money(options.drawerKobo) })}</p>}
        {chosen?.route === 'terminal' && <p className={styles.note}>{t('refunds.sheet.cardTerminal')}</p>}
        {chosen?.route === 'approval-code' && (
          <Field label={t('refunds.sheet.approvalCode')} hint={t('refunds.sheet.approvalCodeHint')} error={fieldError('approvalCode')}>
            <input value={approvalCode} onChange={(e) => setApprovalCode(e.target.value)} autoComplete="off" />
          </Field>
        )}
        {chosen?.route === 'bank' && (
          <Field label={t('refunds.sheet.bankReference')} hint={t('refunds.sheet.bankReferenceHint')} error={fieldError('transferReference')}>
            <input value={transferReference} onChange={(e) => setTransferReference(e.target.value)} autoComplete="off" />
          </Field>
        )}
        {kind === 'refund' && (
          <Field label={t('refunds.sheet.lessAmount')} hint={t('refunds.sheet.lessAmountHint', { amount: money(worth) })} error={lessProblem ?? fieldError('amountKobo')}>
            <input inputMode="decimal" value={lessNaira} onChange={(e) => setLessNaira(e.target.value.replace(/[^\d.,]/g, ''))} />
          </Field>
        )}
        <FieldGroup label={t('refunds.sheet.reason')}>
          <Chips>
            {correctionReasonIds
              .filter((id) => (kind === 'void' ? id === 'not-completed' || id === 'other' : id !== 'not-completed'))
              .map((id) => (
                <Chip key={id} selected={reason === id} onClick={() => setReason(id)}>
                  {t(`refunds.reason.${id}`)}
                </Chip>
              ))}
          </Chips>
        </FieldGroup>
        <Field label={t('refunds.sheet.note')} error={fieldError('note')}>
          <input value={note} onChange={(e) => setNote(e.target.value)} maxLength={300} />
        </Field>
        <div className={styles.total}>
          <span>{t('refunds.sheet.total')}</span>
          <span data-testid="refund-total">{money(amount)}</span>
        </div>
        {(formProblem ?? (step === 'form' ? (mutation.error ? say(mutation.error) : undefined) : null)) && (
          <p className={styles.error} role="alert">
            {formProblem ?? (mutation.error ? say(mutation.error) : undefined)}
          </p>
        )}
      </div>
    </Sheet>
  );
}

function DoneSheet({ correction, onClose }: { correction: CorrectionView; onClose: () => void }) {
  const { t, money } = useI18n();
  const amount = money(correction.amountKobo);
  return (
    <Sheet
      title={t('refunds.done.title')}
      onClose={onClose}
      actions={
        <Button variant="primary" size="large" onClick={onClose}>
          {t('common.done')}
        </Button>
      }
    >
      <div className={styles.sheetBody} role="status" data-testid="refund-done">
        {correction.state === 'done' && <p className={styles.total}>{t(correction.tender === 'cash' ? 'refunds.done.cash' : correction.tender === 'card' ? 'refunds.done.card' : 'refunds.done.transfer', { amount })}</p>}
        {(correction.state === 'pending' || correction.state === 'unknown') && <p>{t('refunds.done.pending')}</p>}
        {correction.state === 'failed' && <p className={styles.error}>{t('refunds.done.failed', { problem: correction.problem ?? '' })}</p>}
        {correction.state === 'done' && <p>{t('refunds.done.slips')}</p>}
        {correction.cancellation && <p className={styles.note}>{t('refunds.done.owed')}</p>}
      </div>
    </Sheet>
  );
}
