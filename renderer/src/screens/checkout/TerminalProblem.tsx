import { usePosQuery } from '@renderer/pos/queries';
import { Banner } from '@ui/Banner';

/**
 * Why this till cannot take card payments, when it cannot (a kiosk with no card terminal, a
 * terminal whose key is missing): said before anyone chooses anything, in main's own words.
 */
export function TerminalProblem({ strip }: { strip?: boolean }) {
  const terminal = usePosQuery('payment:terminal', {}, { staleTime: 60_000 });
  const problem = terminal.data?.problem;
  if (!problem) return null;
  return (
    <Banner tone="danger" strip={strip} testId="terminal-problem">
      {problem}
    </Banner>
  );
}
