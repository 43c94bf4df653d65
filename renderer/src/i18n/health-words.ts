import { useCallback } from 'react';
import type { HealthDetailCode, HealthLabelCode, HealthWords } from '@shared/app';
import type { MessageKey } from './catalogues/en';
import { saidIn } from './error-text';
import { useT } from './I18nProvider';

// tsc proves every code main may send has its words in the catalogue (and so in every language).
const labelKey = (code: HealthLabelCode): `health.label.${HealthLabelCode}` & MessageKey => `health.label.${code}`;
const detailKey = (code: HealthDetailCode): `health.detail.${HealthDetailCode}` & MessageKey => `health.detail.${code}`;

/**
 * The status strip's words in the screen's language. Main sends English words for logs and
 * older screens, and the same as catalogue codes (or, for the partner down, the error sentence it
 * names); a detail that is neither (a printer's own words) is shown as main wrote it.
 */
export function useHealthWords(): (item: { label: string; detail: string; words?: HealthWords }) => { label: string; detail: string } {
  const t = useT();
  return useCallback(
    (item) => {
      if (!item.words) return { label: item.label, detail: item.detail };
      const { label, detail, values, said } = item.words;
      return { label: t(labelKey(label), values), detail: detail ? t(detailKey(detail), values) : said ? saidIn(t)(said) : item.detail };
    },
    [t],
  );
}
