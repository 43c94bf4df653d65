import { formatMoney } from '@renderer/i18n/format';

export function Money({ kobo, className }: { kobo: number; className?: string }) {
  return <span className={className ? `money ${className}` : 'money'}>{formatMoney(kobo)}</span>;
}
