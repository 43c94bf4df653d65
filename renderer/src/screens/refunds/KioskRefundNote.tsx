import { useState } from 'react';
import { useT } from '@renderer/i18n/I18nProvider';
import { Button } from '@ui/Button';
import { Sheet } from '@ui/Sheet';

/**
 * A kiosk never gives money back: a customer who asks is sent to the front desk with the sale's
 * reference, which finds the sale there (Staff -> Refunds).
 */
export function KioskRefundNote({ reference }: { reference: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="quiet" onClick={() => setOpen(true)}>
        {t('refunds.kioskTitle')}
      </Button>
      {open && (
        <Sheet
          title={t('refunds.kioskTitle')}
          onClose={() => setOpen(false)}
          actions={
            <Button variant="primary" size="large" onClick={() => setOpen(false)}>
              {t('common.close')}
            </Button>
          }
        >
          <p data-testid="kiosk-refund-note">{t('refunds.kiosk', { reference })}</p>
        </Sheet>
      )}
    </>
  );
}
