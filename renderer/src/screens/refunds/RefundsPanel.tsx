import { useState } from 'react';
import { agreementChannelIds, type AgreementChannel, type CancellationView } from '@shared/sales/corrections';
import { useNavigation } from '@renderer/navigation';
import { useI18n, useErrorText } from '@renderer/i18n/I18nProvider';
import { formatLagosDateTime } from '@renderer/i18n/format';
import { usePosMutation } from '@renderer/pos/mutations';
import { usePosQuery } from '@renderer/pos/queries';
import { Button } from '@ui/Button';
import { Chip, Chips } from '@ui/Chip';
import { Field, FieldGroup } from '@ui/Field';
import { Sheet } from '@ui/Sheet';
import { EmptyState, LoadingBlock, QueryState } from '@ui/Status';
import styles from './Refunds.module.css';

/**
 * Staff -> Refunds: find the sale a customer brings back (by the partner reference on their
 * receipt, their phone as they say it, or their name) and open it to refund; and the cancellations
 * refunds left owed by the partner, followed from owed to agreed to closed.
 */
export function RefundsPanel() {
  const { t } = useI18n();
  const info = usePosQuery('app:info', {}, { staleTime: Infinity });
  // A kiosk never gives money back, not even from its staff screens: that is the front desk's job.
  if (info.data?.profile !== 'counter' && info.data?.profile !== 'front-desk') return null;
  return (
    <section className={styles.section} aria-labelledby="refunds-panel-title" data-testid="refunds-panel">
      <h2 id="refunds-panel-title">{t('refunds.panel.title')}</h2>
      <FindSale />
      <h3>{t('refunds.panel.owedTitle')}</h3>
      <OwedCancellations />
    </section>
  );
}

function FindSale() {
  const { t, money } = useI18n();
  const { go } = useNavigation();
  const [text, setText] = useState('');
  const [applied, setApplied] = useState('');
  const found = usePosQuery('sale:search', { text: applied, limit: 20 }, { enabled: applied.length > 0, staleTime: 0 });
  return (
    <>
      <form className={styles.search} role="search" onSubmit={(event) => (event.preventDefault(), setApplied(text.trim()))}>
        <Field label={t('refunds.panel.find')} hint={t('refunds.panel.findHint')} grow>
          <input type="search" value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" />
        </Field>
        <Button type="submit" variant="primary">
          {t('common.search')}
        </Button>
      </form>
      {applied.length > 0 && (
        <QueryState query={found} loading={<LoadingBlock label={t('common.search')} rows={1} />}>
          {({ sales }) =>
            sales.length === 0 ? (
              <p className={styles.muted}>{t('refunds.panel.noSales')}</p>
            ) : (
              <ul className={styles.found}>
                {sales.map((sale) => (
                  <li key={sale.id}>
                    <button type="button" className={styles.foundButton} onClick={() => go({ name: 'sale', saleId: sale.id })}>
                      <span>
                        <strong>{sale.title}</strong>
                        <br />
                        <span className={styles.muted}>
                          {sale.customer.name} · {sale.customer.phone} · {sale.partnerReference ?? sale.id} · {formatLagosDateTime(sale.createdAt)}
                        </span>
                      </span>
                      <span className={styles.amount}>{money(sale.totalKobo)}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      )}
    </>
  );
}

function OwedCancellations() {
  const { t, money } = useI18n();
  const { go } = useNavigation();
  const list = usePosQuery('cancellation:list', { open: true }, { staleTime: 0 });
  const [agreeing, setAgreeing] = useState<CancellationView | null>(null);
  const [closing, setClosing] = useState<CancellationView | null>(null);
  return (
    <>
      <QueryState query={list} loading={<LoadingBlock label={t('refunds.panel.owedTitle')} rows={2} />}>
        {({ cancellations }) =>
          cancellations.length === 0 ? (
            <EmptyState title={t('refunds.panel.noneOwed')} />
          ) : (
            <ul className={styles.owed}>
              {cancellations.map((c) => (
                <li key={c.correctionId} className={styles.owedRow} data-testid="cancellation" data-state={c.state}>
                  <span>
                    <span className={styles.badge} data-state={c.state}>
                      {t(`refunds.panel.state.${c.state}`)}
                    </span>{' '}
                    <strong>{c.partnerReference ?? c.saleId}</strong> · {c.title}
                    <br />
                    <span className={styles.muted}>
                      {c.customerName} · {c.lines.map((l) => t('refunds.row.items', { quantity: l.quantity, label: l.label })).join(', ')} · {money(c.amountKobo)} ·{' '}
                      {formatLagosDateTime(c.openedAt)}
                    </span>
                    {c.state === 'agreed' && (
                      <>
                        <br />
                        <span className={styles.muted}>
                          {t('refunds.panel.agreedBy', { name: c.agreedByName ?? '', channel: t(`refunds.channel.${c.agreedChannel ?? 'other'}`), fee: money(c.feeWithheldKobo ?? 0) })}
                        </span>
                      </>
                    )}
                  </span>
                  <span className={styles.buttons}>
                    <Button variant="quiet" onClick={() => go({ name: 'sale', saleId: c.saleId })}>
                      {t('sale.details')}
                    </Button>
                    {c.state === 'owed' && (
                      <Button variant="primary" onClick={() => setAgreeing(c)}>
                        {t('refunds.panel.recordAgreement')}
                      </Button>
                    )}
                    {c.state === 'agreed' && (
                      <Button variant="primary" onClick={() => setClosing(c)}>
                        {t('refunds.panel.close')}
                      </Button>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      {agreeing && <AgreeSheet cancellation={agreeing} onClose={() => setAgreeing(null)} />}
      {closing && <CloseSheet cancellation={closing} onClose={() => setClosing(null)} />}
    </>
  );
}

function AgreeSheet({ cancellation, onClose }: { cancellation: CancellationView; onClose: () => void }) {
  const { t } = useI18n();
  const say = useErrorText();
  const [name, setName] = useState('');
  const [channel, setChannel] = useState<AgreementChannel>('phone');
  const [fee, setFee] = useState('');
  const [note, setNote] = useState('');
  const agree = usePosMutation('cancellation:agree', { invalidates: ['cancellation:list', 'sale:get', 'shift:current'], onSuccess: onClose });
  const feeKobo = fee.trim() === '' ? 0 : Math.round(Number(fee.replace(/,/g, '')) * 100);
  return (
    <Sheet
      title={t('refunds.panel.agreeTitle')}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variant="primary" busy={agree.isPending} onClick={() => agree.run({ correctionId: cancellation.correctionId, agreedByName: name.trim(), agreedChannel: channel, feeWithheldKobo: feeKobo, note: note.trim() })}>
            {t('refunds.panel.save')}
          </Button>
        </>
      }
    >
      <div className={styles.sheetBody}>
        <p>
          <strong>{cancellation.partnerReference ?? cancellation.saleId}</strong> · {cancellation.title}
        </p>
        <Field label={t('refunds.panel.agreeName')} error={agree.fieldErrors.agreedByName?.join(', ')}>
          <input value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
        <FieldGroup label={t('refunds.panel.agreeChannel')}>
          <Chips>
            {agreementChannelIds.map((id) => (
              <Chip key={id} selected={channel === id} onClick={() => setChannel(id)}>
                {t(`refunds.channel.${id}`)}
              </Chip>
            ))}
          </Chips>
        </FieldGroup>
        <Field label={t('refunds.panel.fee')} error={agree.fieldErrors.feeWithheldKobo?.join(', ')}>
          <input inputMode="decimal" value={fee} onChange={(e) => setFee(e.target.value.replace(/[^\d.,]/g, ''))} />
        </Field>
        <Field label={t('refunds.panel.note')}>
          <input value={note} onChange={(e) => setNote(e.target.value)} maxLength={300} />
        </Field>
        {agree.error && (
          <p className={styles.error} role="alert">
            {say(agree.error)}
          </p>
        )}
      </div>
    </Sheet>
  );
}

function CloseSheet({ cancellation, onClose }: { cancellation: CancellationView; onClose: () => void }) {
  const { t } = useI18n();
  const say = useErrorText();
  const [note, setNote] = useState('');
  const close = usePosMutation('cancellation:close', { invalidates: ['cancellation:list', 'sale:get', 'shift:current'], onSuccess: onClose });
  return (
    <Sheet
      title={t('refunds.panel.closeTitle')}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variant="primary" busy={close.isPending} onClick={() => close.run({ correctionId: cancellation.correctionId, note: note.trim() })}>
            {t('refunds.panel.close')}
          </Button>
        </>
      }
    >
      <div className={styles.sheetBody}>
        <p>{t('refunds.panel.closeBody')}</p>
        <Field label={t('refunds.panel.note')}>
          <input value={note} onChange={(e) => setNote(e.target.value)} maxLength={300} />
        </Field>
        {close.error && (
          <p className={styles.error} role="alert">
            {say(close.error)}
          </p>
        )}
      </div>
    </Sheet>
  );
}
