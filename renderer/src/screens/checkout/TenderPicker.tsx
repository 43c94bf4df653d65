import { useT } from '@renderer/i18n/I18nProvider';
import { useState } from 'react';
import type { TenderRequest } from '@shared/sales/checkout';
import { formatNaira } from '@shared/money';
import { usePosQuery } from '@renderer/pos/queries';
import { CardAtTerminalNote } from './CardAtTerminalNote';
import { useTerminalProblem } from './TerminalProblem';
import { Chip } from '@ui/Chip';

type Kind = TenderRequest['kind'];
/** Why there is no tender yet, so Confirm can say what is missing instead of "how does the customer pay". */
export type TenderGap = 'cash' | 'cashUnreadable' | 'transfer';

/** Notes a cashier is likely to be handed, above the total, for one-tap cash entry. */
function quickCash(totalKobo: number): number[] {
  const steps = [100_000, 500_000, 1_000_000, 2_000_000, 5_000_000].map((note) => Math.ceil(totalKobo / note) * note);
  return [...new Set([totalKobo, ...steps])].filter((v) => v >= totalKobo).slice(0, 5);
}

/**
 * How the customer pays. Only cash needs a number (what was handed over); card and transfer are
 * taken on the external terminal or the bank app, and the till records the reference.
 */
export function TenderPicker({
  totalKobo,
  kinds,
  value,
  onChange,
  error,
}: {
  totalKobo: number;
  kinds: Kind[];
  value: TenderRequest | null;
  onChange: (tender: TenderRequest | null, gap?: TenderGap) => void;
  error?: string;
}) {
  const t = useT();
  const [kind, setKind] = useState<Kind>(kinds[0]!);
  const [cashText, setCashText] = useState('');
  const [approval, setApproval] = useState('');
  const [reference, setReference] = useState('');

  const update = (next: { kind?: Kind; cashText?: string; approval?: string; reference?: string }) => {
    const k = next.kind ?? kind;
    const cash = next.cashText ?? cashText;
    const code = next.approval ?? approval;
    const ref = next.reference ?? reference;
    if (next.kind) setKind(next.kind);
    if (next.cashText !== undefined) setCashText(next.cashText);
    if (next.approval !== undefined) setApproval(next.approval);
    if (next.reference !== undefined) setReference(next.reference);
    const tenderedKobo = Math.round(Number(cash.replace(/[,\s₦]/g, '')) * 100);
    if (k === 'cash') {
      if (!cash.trim()) onChange(null, 'cash');
      else onChange(Number.isFinite(tenderedKobo) && tenderedKobo > 0 ? { kind: 'cash', tenderedKobo } : null, 'cashUnreadable');
    } else if (k === 'card') onChange(code.trim() ? { kind: 'card', approvalCode: code.trim() } : { kind: 'card' });
    else onChange(ref.trim() ? { kind: 'transfer', reference: ref.trim() } : null, 'transfer');
  };
  const change = value?.kind === 'cash' ? value.tenderedKobo - totalKobo : null;
  // A card terminal the till drives takes the card itself; a stand-alone machine gives an approval code.
  const terminal = usePosQuery('payment:terminal', {}, { staleTime: 60_000 });
  const terminalProblem = useTerminalProblem(terminal.data);

  return (
    <fieldset className="tender">
      <legend>{t('tender.title')}</legend>
      {kinds.length > 1 && (
        <div className="chips" role="radiogroup" aria-label={t('tender.method')}>
          {kinds.map((k) => (
            <Chip key={k} selected={k === kind} onClick={() => update({ kind: k })}>
              {t(k === 'cash' ? 'tender.cash' : k === 'card' ? 'tender.card' : 'tender.transfer')}
            </Chip>
          ))}
        </div>
      )}
      {kind === 'cash' && (
        <>
          <label className="field">
            <span>{t('tender.cashReceived')}</span>
            <input inputMode="decimal" value={cashText} aria-invalid={Boolean(error) || (change !== null && change < 0)} onChange={(e) => update({ cashText: e.target.value })} />
          </label>
          <div className="chips" aria-label={t('tender.quick')}>
            {quickCash(totalKobo).map((kobo) => (
              <Chip key={kobo} selected={value?.kind === 'cash' && value.tenderedKobo === kobo} onClick={() => update({ cashText: String(kobo / 100) })}>
                {kobo === totalKobo ? t('tender.exact', { amount: formatNaira(kobo) }) : formatNaira(kobo)}
              </Chip>
            ))}
          </div>
          {change !== null && (
            <p className={change < 0 ? 'field-error' : 'change'} role="status">
              {change < 0 ? t('tender.short', { amount: formatNaira(-change) }) : t('tender.change', { amount: formatNaira(change) })}
            </p>
          )}
        </>
      )}
      {kind === 'card' && terminal.data?.integrated && <CardAtTerminalNote problem={terminalProblem} />}
      {kind === 'card' && terminal.data && !terminal.data.integrated && (
        <>
          <p>{t('tender.cardHint', { amount: formatNaira(totalKobo) })}</p>
          <label className="field">
            <span>{t('tender.approval')}</span>
            <input value={approval} onChange={(e) => update({ approval: e.target.value })} />
          </label>
        </>
      )}
      {kind === 'transfer' && (
        <label className="field">
          <span>{t('tender.transferRef')}</span>
          <input value={reference} aria-invalid={Boolean(error)} onChange={(e) => update({ reference: e.target.value })} />
        </label>
      )}
      {error && <p className="field-error" role="alert">{error}</p>}
    </fieldset>
  );
}
