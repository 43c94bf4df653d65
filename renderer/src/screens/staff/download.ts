/**
 * Hands a CSV to the browser's download (Electron's session saves it where the user chooses). The
 * text arrives from main whole, byte-order mark included (so Excel reads it as UTF-8); the Blob
 * writes it out as UTF-8.
 */
export function downloadCsv(fileName: string, csv: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(link.href);
}
