import { useT } from '@renderer/i18n/I18nProvider';
import { Banner } from '@ui/Banner';

/** Card at the counter with an integrated terminal: no code to type, the terminal takes over on Confirm. */
export function CardAtTerminalNote({ problem }: { problem: string | null }) {
  const t = useT();
  if (problem) return <Banner tone="danger">{t('tender.cardProblem', { problem })}</Banner>;
  return <p data-testid="card-terminal-note">{t('tender.cardTerminal')}</p>;
}
