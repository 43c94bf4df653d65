import { useState } from 'react';
import type { CorrectionOptions } from '@shared/sales/corrections';
import type { Approval } from '@shared/sales/staff';
import { useI18n } from '@renderer/i18n/I18nProvider';
import { Button } from '@ui/Button';
import { Chip, Chips } from '@ui/Chip';
import { FieldGroup } from '@ui/Field';
import { PinPad } from '@ui/PinPad';
import { KeypadBeside } from '@ui/KeypadBeside';
import styles from './Refunds.module.css';

/**
 * The supervisor's PIN, typed on the cashier's screen for this one action (a refund or void, a
 * no sale): the cashier stays signed in, and only supervisors other than the person asking are offered.
 */
export function ApprovalStep(props: {
  lead: string;
  /** What is said while the PIN is checked and the action done (default: giving the money back). */
  working?: string;
  approvers: CorrectionOptions['approvers'];
  busy: boolean;
  error: string | null;
  onApprove(approval: Approval): void;
  onBack(): void;
}) {
  const { t } = useI18n();
  const [approver, setApprover] = useState<number | null>(props.approvers.length === 1 ? props.approvers[0]!.id : null);
  const name = props.approvers.find((a) => a.id === approver)?.name;
  return (
    <KeypadBeside testId="approval">
      <p>{props.lead}</p>
      {props.approvers.length === 0 ? (
        <p className={styles.error} role="alert">
          {t('refunds.approval.none')}
        </p>
      ) : (
        <FieldGroup label={t('refunds.approval.who')}>
          <Chips>
            {props.approvers.map((a) => (
              <Chip key={a.id} selected={approver === a.id} onClick={() => setApprover(a.id)}>
                {a.name}
              </Chip>
            ))}
          </Chips>
        </FieldGroup>
      )}
      {approver !== null && name && (
        <PinPad label={t('refunds.approval.pin', { name })} busy={props.busy} error={props.error ?? undefined} onSubmit={(pin) => props.onApprove({ supervisorId: approver, pin })} />
      )}
      {approver === null && props.error && (
        <p className={styles.error} role="alert">
          {props.error}
        </p>
      )}
      {props.busy && <p role="status">{props.working ?? t('refunds.approval.working')}</p>}
      <div className={styles.actions}>
        <Button onClick={props.onBack}>{t('common.back')}</Button>
      </div>
    </KeypadBeside>
  );
}
