import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaleView } from '@shared/sales/sale-view';
import { useNavigation } from '@renderer/navigation';
import { usePos } from '@renderer/pos/PosProvider';
import { PosCallError, unwrap, usePosQuery } from '@renderer/pos/queries';
import { DateInput } from '@ui/DateInput';
import { EmptyState, LoadingBlock, QueryState } from '@ui/Status';
import { useT, useErrorText } from '@renderer/i18n/I18nProvider';
import { downloadCsv } from './download';
import { SettleByHandSheet } from './SettleByHandSheet';
import { HeldReceipts } from '@renderer/screens/printing/HeldReceipts';
import { SaleRow } from './SaleRow';

/**
 * Sales waiting for the partner's answer: staff can ask again now, and see each one settle. One
 * whose outcome stays unknown (the partner's lookups cannot say) a supervisor settles by hand.
 */
export function AttentionPanel({ isSupervisor }: { isSupervisor: boolean }) {
  const t = useT();
  const say = useErrorText();
  const pos = usePos();
  const client = useQueryClient();
  const attention = usePosQuery('sale:attention', {}, { staleTime: 0, refetchInterval: 15_000 });
  const settle = useMutation({ mutationFn: async (saleId: string) => unwrap(await pos['sale:settle']({ saleId })), onSettled: () => client.invalidateQueries({ queryKey: ['sale:attention'] }) });
  const [byHand, setByHand] = useState<SaleView | null>(null);
  const { go } = useNavigation();
  return (
    <section className="panel" aria-labelledby="attention-title">
      <h2 id="attention-title">{t('sales.attention')}</h2>
      <QueryState query={attention} loading={<LoadingBlock label={t('sales.loading')} rows={1} />}>
        {({ sales }) =>
          sales.length === 0 ? (
            <p>{t('sales.allSettled')}</p>
          ) : (
            <ul className="sale-list">
              {sales.map((sale) => (
                <SaleRow
                  key={sale.id}
                  sale={sale}
                  action={
                    sale.state === 'rejected' ? (
                      // Not completed, its money still here (cash, a transfer, a stand-alone card machine): give it back.
                      <div className="sale-row-actions">
                        <button type="button" className="button button-primary" onClick={() => go({ name: 'sale', saleId: sale.id })}>
                          {t('refunds.void')}
                        </button>
                      </div>
                    ) : (
                      sale.state !== 'confirmed' && (
                        <div className="sale-row-actions">
                          <button type="button" className="button button-primary" disabled={settle.isPending} onClick={() => settle.mutate(sale.id)}>
                            {t('sales.askNow')}
                          </button>
                          {sale.state === 'unknown' && isSupervisor && (
                            <button type="button" className="button" onClick={() => setByHand(sale)}>
                              {t('hand.open')}
                            </button>
                          )}
                        </div>
                      )
                    )
                  }
                />
              ))}
            </ul>
          )
        }
      </QueryState>
      {!isSupervisor && attention.data?.sales.some((sale) => sale.state === 'unknown') && <p className="muted">{t('hand.askSupervisor')}</p>}
      {settle.error instanceof PosCallError && <p className="field-error" role="alert">{say(settle.error.error)}</p>}
      {byHand && <SettleByHandSheet sale={byHand} onClose={() => setByHand(null)} />}
    </section>
  );
}

/** `search`: what the journal opens searched for (a scanned code). */
export function JournalPanel({ isSupervisor, search = '' }: { isSupervisor: boolean; search?: string }) {
  const t = useT();
  const say = useErrorText();
  const pos = usePos();
  const [text, setText] = useState(search);
  // Days the list and the CSV cover (Lagos, both inclusive); empty is the whole journal.
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [applied, setApplied] = useState({ text: search, from: '', to: '' });
  const results = usePosQuery('sale:search', { text: applied.text || undefined, ...days(applied), limit: 50 }, { staleTime: 0 });
  const exportCsv = useMutation({
    // The days as they stand in the fields: a bookkeeper types a month and exports it.
    mutationFn: async () => unwrap(await pos['journal:export'](days({ from, to }))),
    onSuccess: ({ csv, fileName }) => downloadCsv(fileName, csv),
  });
  return (
    <section className="panel" aria-labelledby="journal-title">
      <h2 id="journal-title">{t('journal.title')}</h2>
      <form className="form-row form-row-top" role="search" onSubmit={(e) => (e.preventDefault(), setApplied({ text: text.trim(), from, to }))}>
        <label className="field field-whole-row">
          <span>{t('journal.search')}</span>
          <input type="search" value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <DateInput label={t('journal.from')} value={from} onChange={setFrom} optional />
        <DateInput label={t('journal.to')} value={to} onChange={setTo} optional />
        <button type="submit" className="button button-primary">
          {t('common.search')}
        </button>
        {isSupervisor && (
          <button type="button" className="button button-ghost-dark" disabled={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
            {t('journal.export')}
          </button>
        )}
      </form>
      {exportCsv.error instanceof PosCallError && <p className="field-error" role="alert">{say(exportCsv.error.error)}</p>}
      {/* The customer's code from a kiosk whose receipt was held: it is printed from here. */}
      {applied.text && <HeldReceipts search={applied.text} />}
      <QueryState query={results} loading={<LoadingBlock label={t('journal.searching')} rows={2} />}>
        {({ sales }) =>
          sales.length === 0 ? (
            <EmptyState title={t('journal.none')} />
          ) : (
            <ul className="sale-list">
              {sales.map((sale) => (
                <SaleRow key={sale.id} sale={sale} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}

/** The days of a range that are filled in, as the contract takes them (an empty field is no bound). */
const days = (range: { from: string; to: string }) => ({ ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) });
