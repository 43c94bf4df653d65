import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { TerminalProfile } from '@shared/app';
import type { TenderRequest } from '@shared/sales/checkout';
import { customerSchema, type CustomerInput } from '@shared/sales/customer';
import { lagosDate } from '@shared/dates';
import { dobProblem } from '@shared/stay';
import type { PosError } from '@shared/errors';
import { useNavigation, type CheckoutDraft } from '@renderer/navigation';
import { usePos } from '@renderer/pos/PosProvider';
import { unwrap, PosCallError, usePosQuery } from '@renderer/pos/queries';
import { ErrorPanel } from '@ui/ErrorPanel';
import { Chip, Chips } from '@ui/Chip';
import { Money } from '@ui/Money';
import { DateInput } from '@ui/DateInput';
import { useShortcuts } from '@ui/shortcuts';
import { useLanguage, useT, useErrorText } from '@renderer/i18n/I18nProvider';
import { formatMoney } from '@renderer/i18n/format';
import { languages, type Language } from '@renderer/i18n/languages';
import { HoldCountdown, useSecondsLeft } from './HoldCountdown';
import { newSaleId, orderLines, orderTotal, type Order } from './order';
import { CardPayment } from './CardPayment';
import { TenderPicker, cashChange, emptyTenderDraft, tenderOf, type TenderDraft } from './TenderPicker';
import { orderWhenText } from './sale-when';

// zod's messages are main's; the screen says what is wrong in the cashier's language (validation.*).
const hotelCustomerSchema = customerSchema.extend({ dob: z.iso.date() });

export function CheckoutScreen({ order, profile }: { order: Order; profile: TerminalProfile }) {
  const { replace, sold, checkoutDraft, keepCheckoutDraft } = useNavigation();
  // On to the sale's screen. A refused sale keeps the film's counts (or the room) for Back, to try
  // again; any other (sold, or being settled) may be sold, so Back does not offer it again.
  const toSale = (sale: { id: string; state: string }) => (sale.state === 'rejected' ? replace : sold)({ name: 'sale', saleId: sale.id, order });
  const pos = usePos();
  const total = orderTotal(order);
  const tenderKinds: TenderRequest['kind'][] = profile === 'kiosk' ? ['card'] : ['cash', 'card', 'transfer'];
  // What was typed for this order before (Back, then checkout again; Staff and back): found as left.
  const [kept] = useState(checkoutDraft);
  const [tenderDraft, setTenderDraft] = useState<TenderDraft>(kept?.tender && tenderKinds.includes(kept.tender.kind) ? kept.tender : emptyTenderDraft(tenderKinds[0]!));
  const { tender, gap: tenderGap } = tenderOf(tenderDraft);
  const change = tenderDraft.kind === 'cash' ? cashChange(tenderDraft, total) : null;
  const [tenderError, setTenderError] = useState<string>();
  const form = useForm<CustomerInput>({
    resolver: zodResolver(order.kind === 'hotel' ? hotelCustomerSchema : customerSchema),
    mode: 'onBlur',
    defaultValues: { name: '', email: '', phone: '', ...kept?.customer },
  });
  // Every change is kept beside the navigation stack, until the order is sold or a new sale starts.
  const draft = useRef<CheckoutDraft>({ customer: form.getValues(), tender: tenderDraft });
  useEffect(() => {
    const watching = form.watch((customer) => {
      draft.current = { ...draft.current, customer: { ...customer } };
      keepCheckoutDraft(draft.current);
    });
    return () => {
      watching.unsubscribe();
    };
  }, [form, keepCheckoutDraft]);
  const changeTender = (next: TenderDraft) => {
    setTenderDraft(next);
    setTenderError(undefined);
    draft.current = { ...draft.current, tender: next };
    keepCheckoutDraft(draft.current);
  };

  // The screen's language (at a counter, the signed-in staff member's). The receipt is printed in
  // it unless the guest reads another: a French visitor at the front desk gets a French receipt.
  const { language } = useLanguage();
  const [receiptLanguage, setReceiptLanguage] = useState<Language>(kept?.receiptLanguage ?? language);
  const chooseReceiptLanguage = (next: Language) => {
    setReceiptLanguage(next);
    draft.current = { ...draft.current, receiptLanguage: next };
    keepCheckoutDraft(draft.current);
  };
  const say = useErrorText();
  const requestFor = (customer: CustomerInput, tenderNow: TenderRequest) =>
    order.kind === 'cinema'
      ? { saleId: order.saleId, kind: 'cinema' as const, cinema: order.selection, holdId: order.hold.holdId, customer, tender: tenderNow, language: receiptLanguage }
      : { saleId: order.saleId, kind: 'hotel' as const, hotel: order.selection, customer, tender: tenderNow, language: receiptLanguage };
  // Card at a terminal the till drives: the terminal screen takes over and sends the sale itself.
  const terminal = usePosQuery('payment:terminal', {}, { staleTime: 60_000 });
  const [cardRequest, setCardRequest] = useState<ReturnType<typeof requestFor> | null>(null);
  const submit = useMutation({
    mutationFn: async (customer: CustomerInput) => unwrap(await pos['sale:submit'](requestFor(customer, tender!))),
    onSuccess: (sale) => toSale(sale),
    onError: (error) => {
      if (!(error instanceof PosCallError)) return;
      for (const [field, messages] of Object.entries(error.error.fields ?? {})) {
        if (field.startsWith('customer.')) form.setError(field.slice('customer.'.length) as keyof CustomerInput, { message: messages[0] });
        if (field.startsWith('tender')) setTenderError(say(error.error));
      }
    },
  });

  const t = useT();
  // The date-of-birth rule main keeps (shared/stay.ts), said under the field as soon as a date is typed.
  const dob = form.watch('dob');
  const dobSaid = dob ? dobProblem(dob, lagosDate(new Date()), order.kind === 'hotel' ? order.selection.checkIn : undefined) : null;
  const onConfirm = form.handleSubmit((customer) => {
    if (dobSaid) return;
    // Say what is missing: the cash handed over, a number that can be read, the transfer reference.
    if (!tender) return setTenderError(tenderGap ? t(`checkout.missing.${tenderGap}`) : tenderKinds.length > 1 ? t('checkout.enterPayment') : t('checkout.choosePayment'));
    if (tender.kind === 'cash' && tender.tenderedKobo < total) return setTenderError(t('checkout.cashShort'));
    setTenderError(undefined);
    if (tender.kind === 'card' && !tender.approvalCode && terminal.data?.integrated) return setCardRequest(requestFor(customer, tender));
    // isPending also blocks a second tap before React re-renders the disabled button.
    if (!submit.isPending) submit.mutate(customer);
  });

  // Ctrl+Enter confirms from anywhere on the form: the cashier's hands stay on the keyboard.
  useShortcuts({ 'Ctrl+Enter': () => void onConfirm() });
  const failure: PosError | null = submit.error instanceof PosCallError ? submit.error.error : null;
  // The panel sits under the payment, below the fold on a small screen: a refusal after Confirm
  // is brought into view, or the cashier would see nothing happen.
  const failurePanel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    failurePanel.current?.scrollIntoView({ block: 'center' });
  }, [failure]);
  const { errors } = form.formState;

  // Keys inside the form. Plain Enter never confirms (Ctrl+Enter does, as the footer says): it moves
  // on to the next field. Esc in a field with something typed only leaves the field; the next Esc
  // is Back (and what was typed is kept for when checkout opens again).
  const onFormKey = (event: KeyboardEvent<HTMLFormElement>) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement)) return;
    if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      const fields = [...event.currentTarget.querySelectorAll<HTMLInputElement>('input:not([disabled]):not([type=hidden])')];
      fields[fields.indexOf(field) + 1]?.focus();
    } else if (event.key === 'Escape' && field.value !== '') {
      event.preventDefault();
      field.blur();
    }
  };

  return (
    <div className="screen checkout">
      {cardRequest && (
        <CardPayment
          request={cardRequest}
          totalKobo={total}
          otherWay
          onSettled={(sale) => toSale(sale)}
          // The card sale was let go (its seats too): a new sale id for whatever comes next.
          onAbandoned={() => {
            setCardRequest(null);
            replace({ name: 'checkout', order: { ...order, saleId: newSaleId() } });
          }}
        />
      )}
      <h1>{t('checkout.title')}</h1>
      <div className="checkout-grid">
        <section className="order-summary" aria-label={t('checkout.order')}>
          <h2>{order.title}</h2>
          <p className="muted">{orderWhenText(t, language, order)}</p>
          <table className="lines">
            <tbody>
              {orderLines(order, t).map((line) => (
                <tr key={line.label}>
                  <td>{line.quantity} × {line.label}</td>
                  <td className="num"><Money kobo={line.totalKobo} /></td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('common.total')}</th>
                <td className="num total"><Money kobo={total} /></td>
              </tr>
            </tfoot>
          </table>
          {order.kind === 'cinema' && <HoldStatus order={order} onRehold={(hold) => replace({ name: 'checkout', order: { ...order, hold } })} />}
        </section>
        <form className="checkout-form" onSubmit={onConfirm} onKeyDown={onFormKey} noValidate>
          <fieldset disabled={submit.isPending}>
            <legend>{t('checkout.customer')}</legend>
            <Field label={t('checkout.name')} error={errors.name ? t('validation.name') : undefined}>
              {/* Checkout opens with the cashier's typing going into the customer's name. */}
              <input autoComplete="off" autoFocus {...form.register('name')} aria-invalid={Boolean(errors.name)} />
            </Field>
            <Field label={t('checkout.email')} error={errors.email ? t('validation.email') : undefined}>
              <input type="email" autoComplete="off" {...form.register('email')} aria-invalid={Boolean(errors.email)} />
            </Field>
            <Field label={t('checkout.phone')} error={errors.phone ? t('validation.phone') : undefined}>
              <input type="tel" inputMode="tel" placeholder={t('checkout.phonePlaceholder')} autoComplete="off" {...form.register('phone')} aria-invalid={Boolean(errors.phone)} />
            </Field>
            <DateInput
              label={order.kind === 'hotel' ? t('checkout.dob') : t('checkout.dobOptional')}
              value={dob ?? ''}
              optional
              example="validation.dobExample"
              error={dobSaid ? t(dobSaid.key, dobSaid.values) : errors.dob ? t(order.kind === 'hotel' && !form.getValues('dob') ? 'validation.dobRequired' : 'validation.dob') : undefined}
              onChange={(dob) => form.setValue('dob', dob || undefined)}
            />
            <div className="receipt-language">
              <span aria-hidden="true">{t('checkout.receiptLanguage')}</span>
              <Chips label={t('checkout.receiptLanguage')}>
                {languages.map((l) => (
                  <Chip key={l.code} selected={l.code === receiptLanguage} onClick={() => chooseReceiptLanguage(l.code)}>
                    <span lang={l.intl}>{l.name}</span>
                  </Chip>
                ))}
              </Chips>
            </div>
          </fieldset>
          <TenderPicker totalKobo={total} kinds={tenderKinds} draft={tenderDraft} onChange={changeTender} error={tenderError} />
          {failure && !shownBesideFields(failure) && (
            <div ref={failurePanel}>
              <ErrorPanel error={failure} />
            </div>
          )}
          <div className="action-bar">
            {/* One way back: the top bar's Back (or Esc), which also gives held seats back. */}
            {/* Once cash is typed, the change takes the keys' place beside Confirm, where the cashier
                looks before pressing it: under the notes the pinned bar covered it (1366×768, and
                1920×1080 too). The keys are said while she types the customer's details. */}
            {change === null ? (
              <span className="action-total muted">{t('checkout.keys')}</span>
            ) : (
              <p className={`action-total action-change ${change < 0 ? 'field-error' : 'change'}`} role="status" data-testid="checkout-change">
                {change < 0 ? t('tender.short', { amount: formatMoney(-change) }) : t('tender.change', { amount: formatMoney(change) })}
              </p>
            )}
            <button type="submit" className="button button-primary button-large" disabled={submit.isPending} aria-busy={submit.isPending} aria-keyshortcuts="Control+Enter">
              {submit.isPending ? t('checkout.confirming') : t('checkout.confirm', { total: formatMoney(total) })}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}

function Field({ label, error, children }: { label: string; error?: string; children: ReactNode }) {
  return (
    <label className="field">
      <span>{label}</span>
      {children}
      {error && <span className="field-error">{error}</span>}
    </label>
  );
}

function HoldStatus({ order, onRehold }: { order: Extract<Order, { kind: 'cinema' }>; onRehold: (hold: Extract<Order, { kind: 'cinema' }>['hold']) => void }) {
  const t = useT();
  const say = useErrorText();
  const pos = usePos();
  const seconds = useSecondsLeft(order.hold.expiresAt);
  const rehold = useMutation({
    mutationFn: async () => unwrap(await pos['sale:hold'](order.selection)),
    onSuccess: onRehold,
  });
  if (seconds > 0) return <HoldCountdown seconds={seconds} />;
  return (
    <div className="hold-lapsed" role="alert">
      <p>{t('checkout.holdLapsed')}</p>
      <button type="button" className="button button-primary" disabled={rehold.isPending} onClick={() => rehold.mutate()}>
        {rehold.isPending ? t('checkout.reholding') : t('checkout.rehold')}
      </button>
      {rehold.error instanceof PosCallError && <p className="field-error">{say(rehold.error.error)}</p>}
    </div>
  );
}

/**
 * Whether the form shows this failure beside its fields (the customer's details, the payment).
 * Anything else (tickets gone, seats of another sale, a partner's refusal naming its own fields)
 * has no field here to stand beside, so the panel says it.
 */
function shownBesideFields(failure: PosError): boolean {
  const fields = Object.keys(failure.fields ?? {});
  return fields.length > 0 && fields.every((field) => field.startsWith('customer.') || field.startsWith('tender'));
}
