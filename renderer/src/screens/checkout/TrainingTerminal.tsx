import { useCallback, useEffect, useState } from 'react';
import type { SimulatorDisplay, SimulatorFaults, TestCard } from '@shared/payments/card-payment';
import { testCards } from '@shared/payments/card-payment';
import { useI18n } from '@renderer/i18n/I18nProvider';
import type { MessageKey } from '@renderer/i18n/catalogues/en';
import { usePosMutation } from '@renderer/pos/mutations';
import { usePosEvent } from '@renderer/pos/queries';
import { Button } from '@ui/Button';
import { Chip, Chips } from '@ui/Chip';
import styles from './CardPayment.module.css';

const faultNames = ['busy', 'offline', 'slowCustomer', 'cardRemovedNext', 'answerLostNext'] as const;

/**
 * Training mode's stand-in for the card terminal beside the screen: what its screen shows, and the
 * customer's part (present a test card, press Cancel on it), plus its faults for the next payments.
 * Only the simulated terminal answers these channels; it takes no real money.
 */
export function TrainingTerminal() {
  const { t, money } = useI18n();
  const [display, setDisplay] = useState<SimulatorDisplay | null>(null);
  const [faults, setFaults] = useState<SimulatorFaults | null>(null);
  const [test, setTest] = useState<TestCard>('approved');
  // The first read and the pushed changes can pass each other on the way: keep the newest.
  const showNewest = useCallback((shown: SimulatorDisplay) => setDisplay((current) => (current && current.version > shown.version ? current : shown)), []);
  const act = usePosMutation('payment:simulator', {
    onSuccess: (answer) => {
      showNewest(answer.display);
      setFaults(answer.faults);
    },
  });
  const { run } = act;
  useEffect(() => {
    run({ action: 'show' });
  }, [run]);
  usePosEvent('payment:simulator-display', showNewest);

  const toggle = (name: (typeof faultNames)[number]) => {
    if (!faults) return;
    if (name === 'cardRemovedNext' || name === 'answerLostNext') act.run({ action: 'faults', faults: { [name]: faults[name] > 0 ? 0 : 1 } });
    else act.run({ action: 'faults', faults: { [name]: !faults[name] } });
  };

  return (
    <aside className={styles.training} aria-label={t('card.training.title')} data-testid="training-terminal">
      <h3 className={styles.trainingTitle}>{t('card.training.title')}</h3>
      <p className={styles.hint}>{t('card.training.hint')}</p>
      <div className={styles.device} role="status" aria-live="polite" data-testid="training-display">
        {display?.amountKobo != null && <span className={styles.deviceAmount}>{money(display.amountKobo)}</span>}
        <span>{display?.message ?? '…'}</span>
      </div>
      <label className={styles.testCard}>
        <span>{t('card.training.test')}</span>
        <select value={test} onChange={(event) => setTest(event.target.value as TestCard)}>
          {testCards.map((card) => (
            <option key={card} value={card}>
              {t(`card.training.test.${card}` as MessageKey)}
            </option>
          ))}
        </select>
      </label>
      <div className={styles.trainingActions}>
        <Button variant="primary" size="large" disabled={display?.screen !== 'waiting-for-card'} onClick={() => act.run({ action: 'present-card', test })}>
          {t('card.training.present')}
        </Button>
        <Button variant="secondary" disabled={!display || !['waiting-for-card', 'reading-card', 'pin'].includes(display.screen)} onClick={() => act.run({ action: 'cancel-on-device' })}>
          {t('card.training.cancelOnDevice')}
        </Button>
      </div>
      <details className={styles.faults}>
        <summary>{t('card.training.faults')}</summary>
        <Chips>
          {faultNames.map((name) => (
            <Chip key={name} selected={Boolean(faults && (typeof faults[name] === 'number' ? (faults[name] as number) > 0 : faults[name]))} onClick={() => toggle(name)}>
              {t(`card.training.fault.${name}` as MessageKey)}
            </Chip>
          ))}
        </Chips>
      </details>
    </aside>
  );
}
