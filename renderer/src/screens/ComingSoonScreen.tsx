export function ComingSoonScreen({ what, onBack }: { what: string; onBack: () => void }) {
  return (
    <div className="placeholder">
      <h1>{what}</h1>
      <p>Selling {what.toLowerCase()} is not available on this till yet.</p>
      <button type="button" className="button button-primary" onClick={onBack}>
        Back to Home
      </button>
    </div>
  );
}
