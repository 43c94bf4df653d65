import type { AppInfo } from '@shared/app';

export function TopBar({ info, onBack, onHome, onStaff }: { info: AppInfo; onBack?: () => void; onHome?: () => void; onStaff?: () => void }) {
  return (
    <header className="top-bar">
      {onBack ? (
        <button type="button" className="button button-ghost" onClick={onBack}>
          ← Back
        </button>
      ) : (
        <span className="brand">Lobby POS</span>
      )}
      {onHome && (
        <button type="button" className="button button-ghost" onClick={onHome}>
          Home
        </button>
      )}
      <span className="terminal" aria-label="Terminal">
        {info.terminalName} <span className="muted">· {info.terminalId}</span>
      </span>
      {onStaff && (
        <button type="button" className="button button-ghost top-bar-staff" onClick={onStaff}>
          Staff
        </button>
      )}
      {info.trainingMode && (
        <span className="training-badge" role="status" title="Sales go to the built-in sandbox; nothing is real.">
          TRAINING — no real sales
        </span>
      )}
    </header>
  );
}
