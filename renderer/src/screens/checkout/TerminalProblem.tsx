import { saidIn } from '@renderer/i18n/error-text';
import { useT } from '@renderer/i18n/I18nProvider';
import { usePosQuery } from '@renderer/pos/queries';
import { Banner } from '@ui/Banner';
import type { TerminalInfo } from '@shared/payments/card-payment';

/**
 * Why this till cannot take card payments, when it cannot (a kiosk with no card terminal, a
 * terminal whose key is missing): said before anyone chooses anything, in the screen's language.
 */
export function TerminalProblem({ strip }: { strip?: boolean }) {
  const terminal = usePosQuery('payment:terminal', {}, { staleTime: 60_000 });
  const problem = useTerminalProblem(terminal.data);
  if (!problem) return null;
  return (
    <Banner tone="danger" strip={strip} testId="terminal-problem">
      {problem}
    </Banner>
  );
}

/** The terminal's problem in the screen's language (main's English when it named no sentence), or null. */
export function useTerminalProblem(info: TerminalInfo | undefined): string | null {
  const t = useT();
  if (!info?.problem) return null;
  return info.problemSaid ? saidIn(t)(info.problemSaid) : info.problem;
}
