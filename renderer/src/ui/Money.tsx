import { formatNaira } from '@shared/money';

export function Money({ kobo, className }: { kobo: number; className?: string }) {
  return <span className={className ? `money ${className}` : 'money'}>{formatNaira(kobo)}</span>;
}
