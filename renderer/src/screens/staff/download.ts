/** Hands a CSV to the browser's download (Electron's session saves it where the user chooses). */
export function downloadCsv(fileName: string, csv: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(link.href);
}
