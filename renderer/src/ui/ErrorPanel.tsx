import type { PosError } from '@shared/errors';

export function ErrorPanel({ error, onRetry }: { error: PosError; onRetry?: () => void }) {
  return (
    <div className="error-panel" role="alert">
      <h2>Something is not working</h2>
      <p>{error.message}</p>
      {onRetry && (
        <button type="button" className="button button-primary" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
