import type { QueryClient } from '@tanstack/react-query';
import type { PrinterStatusView } from '@shared/printing/printer-status';
import { usePosEvent, usePosQuery } from './queries';

const keepInStep = (payload: PrinterStatusView, client: QueryClient) => client.setQueryData(['printer:status', {}], payload);

/**
 * The printer as main last saw it (it asks every two seconds), kept in step by the pushed
 * `printer:status-changed`: every change, the drawer's switch included, arrives as it happens.
 * Asked again every 5 s as well: a change sent while the screen was not listening (loading,
 * reconnecting) is not sent again (see use-health-catch-up.ts).
 */
export function usePrinterStatus() {
  usePosEvent('printer:status-changed', keepInStep);
  return usePosQuery('printer:status', {}, { staleTime: 0, refetchInterval: 5_000 });
}
