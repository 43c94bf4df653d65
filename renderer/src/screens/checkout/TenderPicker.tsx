import { useT } from '@renderer/i18n/I18nProvider';
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

/** What the cashier has entered for the payment, as typed: kept when she leaves checkout and comes back. */
export interface TenderDraft {
  kind: Kind;
  cashText: string;
  approval: string;
  reference: string;
}

export const emptyTenderDraft = (kind: Kind): TenderDraft => ({ kind, cashText: '', approval: '', reference: '' });

/** The payment a draft makes, or null with what is missing (the cash handed over, a readable number, the reference). */
export function tenderOf(draft: TenderDraft): { tender: TenderRequest | null; gap?: TenderGap } {
  const { kind, cashText, approval, reference } = draft;
  if (kind === 'cash') {
    if (!cashText.trim()) return { tender: null, gap: 'cash' };
    const tenderedKobo = Math.round(Number(cashText.replace(/[,\s₦]/g, '')) * 100);
    return Number.isFinite(tenderedKobo) && tenderedKobo > 0 ? { tender: { kind: 'cash', tenderedKobo } } : { tender: null, gap: 'cashUnreadable' };
  }
  if (kind === 'card') return { tender: approval.trim() ? { kind: 'card', approvalCode: approval.trim() } : { kind: 'card' } };
  return reference.trim() ? { tender: { kind: 'transfer', reference: reference.trim() } } : { tender: null, gap: 'transfer' };
}

/** The change to give for the cash typed (negative: how much is short), or null while no cash is typed. */
export function cashChange(draft: TenderDraft, totalKobo: number): number | null {
  const value = tenderOf(draft).tender;
  return value?.kind === 'cash' ? value.tenderedKobo - totalKobo : null;
}

/**
 * How the customer pays. Only cash needs a number (what was handed over); card and transfer are
 * taken on the external terminal or the bank app, and the till records the reference. The draft
 * is the caller's, so what was typed outlives this screen (see CheckoutDraft).
 */
export function TenderPicker({
  totalKobo,
  kinds,
  draft,
  onChange,
  error,
}: {
  totalKobo: number;
  kinds: Kind[];
  draft: TenderDraft;
  onChange: (draft: TenderDraft) => void;
  error?: string;
}) {
  const t = useT();
  const { kind, cashText, approval, reference } = draft;
  const update = (next: Partial<TenderDraft>) => onChange({ ...draft, ...next });
  const value = tenderOf(draft).tender;
  const change = cashChange(draft, totalKobo);
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
          {/* The change (or what is short) is said in checkout's action bar, beside Confirm: here, under
              the notes, the pinned bar covered it on a 1366×768 screen and even at 1920×1080. */}
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
