import type { ReactNode } from 'react';
import type { PosError } from '@shared/errors';
import type { PosCallError } from '@renderer/pos/queries';
import { ErrorPanel } from './ErrorPanel';

/** Grey blocks the size of what is coming, so the layout does not jump when it arrives. */
export function LoadingBlock({ label, rows = 3, height = 72 }: { label: string; rows?: number; height?: number }) {
  return (
    <div className="loading-block" role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton" style={{ height }} />
      ))}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <h2>{title}</h2>
      {children}
    </div>
  );
}

/** The three states of a query in one place: loading, failed (with retry), or the content. */
export function QueryState<T>({
  query,
  loading,
  failed,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: PosCallError | null; data: T | undefined; refetch: () => unknown };
  loading: ReactNode;
  /** How to show a failure (default: the staff error panel with main's message). */
  failed?: (error: PosError, retry: () => void) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <>{loading}</>;
  if (query.isError) {
    const retry = () => void query.refetch();
    return <>{failed ? failed(query.error!.error, retry) : <ErrorPanel error={query.error!.error} onRetry={retry} />}</>;
  }
  return <>{children(query.data as T)}</>;
}
