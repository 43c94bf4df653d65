import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { EditableSettings } from '@shared/settings/settings';
import { partnerLayouts } from '@shared/partner/connection-report';
import { useT } from '@renderer/i18n/I18nProvider';
import styles from './PartnerConnectionTest.module.css';

/**
 * The partner's path prefixes as a choice: the live service's layout (experiences under /v1,
 * hotels under /v2, base https://<host>), or custom prefixes typed in the two fields.
 */
export function PartnerLayoutPreset({ form, disabled }: { form: UseFormReturn<EditableSettings>; disabled?: boolean }) {
  const t = useT();
  const [experiencePrefix, hotelPrefix] = form.watch(['partner.experiencePrefix', 'partner.hotelPrefix']);
  const matchesLive = experiencePrefix === partnerLayouts.live.experiencePrefix && hotelPrefix === partnerLayouts.live.hotelPrefix;
  // Custom stays chosen once picked, even while the prefixes still read /v1 and /v2; any other
  // prefix typed is custom whatever was picked.
  const [picked, setPicked] = useState<'live' | 'custom' | null>(null);
  const live = matchesLive && picked !== 'custom';
  const useLive = () => {
    setPicked('live');
    form.setValue('partner.experiencePrefix', partnerLayouts.live.experiencePrefix, { shouldDirty: true, shouldValidate: true });
    form.setValue('partner.hotelPrefix', partnerLayouts.live.hotelPrefix, { shouldDirty: true, shouldValidate: true });
  };
  const useCustom = () => {
    setPicked('custom');
    form.setFocus('partner.experiencePrefix');
  };
  return (
    <fieldset className={styles.preset} disabled={disabled}>
      <legend>{t('settings.layout')}</legend>
      <label className={styles.choice}>
        <input type="radio" name="partner-layout" checked={live} onChange={useLive} />
        <span>
          {t('settings.layout.live')} <span className={styles.hint}>{t('settings.layout.liveHint')}</span>
        </span>
      </label>
      <label className={styles.choice}>
        <input type="radio" name="partner-layout" checked={!live} onChange={useCustom} />
        <span>
          {t('settings.layout.custom')} <span className={styles.hint}>{t('settings.layout.customHint')}</span>
        </span>
      </label>
    </fieldset>
  );
}
