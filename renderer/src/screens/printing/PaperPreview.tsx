/**
 * A paper on screen, line for line as the printer lays it out (main renders it as text as wide as
 * the paper): a sale's receipt or slip (ReceiptPanel), an X or Z report (ReportPaperSheet).
 */
export function PaperPreview({ text, label, testId, scrolls }: { text: string; label: string; testId: string; scrolls?: boolean }) {
  // A paper that scrolls in its own box takes the keyboard's focus, so arrow keys scroll it too.
  return (
    <pre className="receipt-paper" aria-label={label} data-testid={testId} tabIndex={scrolls ? 0 : undefined}>
      {text}
    </pre>
  );
}
