import { useState } from 'react';
import { customerSchema, type CustomerInput } from '@shared/sales/customer';
import { lagosDate } from '@shared/dates';
import { dobProblem } from '@shared/stay';
import { useNavigation } from '@renderer/navigation';
import type { Order } from '@renderer/screens/checkout/order';
import { useT } from '@renderer/i18n/I18nProvider';
import type { MessageKey } from '@renderer/i18n/catalogues/en';
import { Button } from '@ui/Button';
import { Field } from '@ui/Field';
import { DobPicker } from '@ui/DobPicker';
import { KioskFrame } from '../KioskFrame';
import styles from '../Kiosk.module.css';

type Errors = Partial<Record<keyof CustomerInput, MessageKey>>;

/** The customer's own words for what is wrong with each field (zod's messages are for main). */
export function customerProblems(customer: CustomerInput, needsDob: boolean, checkIn?: string): Errors {
  const errors: Errors = {};
  const parsed = customerSchema.safeParse(customer);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof CustomerInput;
      errors[field] ??= field === 'name' ? 'validation.name' : field === 'email' ? 'validation.email' : field === 'phone' ? 'validation.phone' : 'validation.dob';
    }
  }
  if (needsDob && !customer.dob) errors.dob = 'validation.dobRequired';
  else if (!errors.dob && customer.dob) {
    // The rule main keeps (shared/stay.ts): in the past, and for a hotel 18 or older on the check-in date.
    const said = dobProblem(customer.dob, lagosDate(new Date()), needsDob ? checkIn : undefined);
    if (said) errors.dob = said.key;
  }
  return errors;
}

/** Step 4: who the booking is for. Phone by number pad, date of birth by touch (hotels only). */
export function DetailsStep({ order, customer: given }: { order: Order; customer?: CustomerInput }) {
  const t = useT();
  const { go, replace, checkoutDraft, keepCheckoutDraft } = useNavigation();
  const needsDob = order.kind === 'hotel';
  const checkIn = order.kind === 'hotel' ? order.selection.checkIn : undefined;
  // Back from payment: what the customer typed is still there. Back further (another room, more
  // tickets) and on again: it is kept beside the steps (the navigation's checkout draft, forgotten
  // when she starts over, walks away or goes back to the start), not typed again on the keyboard.
  const [customer, setCustomer] = useState<CustomerInput>(() => given ?? { name: '', email: '', phone: '', ...checkoutDraft()?.customer });
  const [errors, setErrors] = useState<Errors>({});
  const set = (patch: Partial<CustomerInput>) => {
    const next = { ...customer, ...patch };
    setCustomer(next);
    keepCheckoutDraft({ customer: next });
    setErrors((e) => {
      const kept: Errors = Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch)));
      // A date of birth is checked as soon as it is chosen, not on Continue.
      if (patch.dob) {
        const dobError = customerProblems(next, needsDob, checkIn).dob;
        if (dobError) kept.dob = dobError;
      }
      return kept;
    });
  };
  const next = () => {
    const problems = customerProblems(customer, needsDob, checkIn);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    replace({ name: 'k-details', order, customer });
    go({ name: 'k-pay', order, customer: { ...customer, dob: customer.dob || undefined } });
  };
  const error = (field: keyof CustomerInput) => (errors[field] ? t(errors[field]) : undefined);
  return (
    <KioskFrame
      title={t('kiosk.details.title')}
      lead={needsDob ? `${t('kiosk.details.why')} ${t('kiosk.details.dobHotel')}` : t('kiosk.details.why')}
      footer={
        <Button variant="primary" size="hero" wide onClick={next}>
          {t('common.continue')}
        </Button>
      }
    >
      <form className={styles.form} noValidate onSubmit={(e) => (e.preventDefault(), next())}>
        <Field label={t('checkout.name')} error={error('name')}>
          <input autoComplete="off" value={customer.name} onChange={(e) => set({ name: e.target.value })} />
        </Field>
        <Field label={t('checkout.email')} error={error('email')}>
          <input type="email" autoComplete="off" value={customer.email} onChange={(e) => set({ email: e.target.value })} />
        </Field>
        <Field label={t('checkout.phone')} error={error('phone')}>
          <input type="tel" inputMode="tel" autoComplete="off" placeholder={t('checkout.phonePlaceholder')} value={customer.phone} onChange={(e) => set({ phone: e.target.value })} />
        </Field>
        {needsDob && <DobPicker label={t('checkout.dob')} value={customer.dob ?? ''} onChange={(dob) => set({ dob })} error={error('dob')} thisYear={Number(lagosDate(new Date()).slice(0, 4))} />}
      </form>
    </KioskFrame>
  );
}
