// How the desktop app prints a report to PDF (the Electron side is src-main/shell/print-report.ts):
// a hidden window that runs no JavaScript, has no preload, no Node, its own in-memory session, and
// may load exactly one URL, the report's temp file. Kept here as plain data so Node tests hold it.

/** webPreferences of the printing window. */
export const PDF_WINDOW_PREFERENCES = {
  javascript: false,
  sandbox: true,
  contextIsolation: true,
  nodeIntegration: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  spellcheck: false,
  images: false,
} as const;

/** webContents.printToPDF options: A4 landscape (the legs table is wide), backgrounds kept, margins in inches. */
export const PDF_PRINT_OPTIONS = {
  landscape: true,
  pageSize: 'A4',
  printBackground: true,
  margins: { top: 0.4, bottom: 0.4, left: 0.4, right: 0.4 },
  generateDocumentOutline: true,
} as const;

/** A report of 10,000 legs prints in seconds; past this something hangs and the user is told. */
export const PDF_TIMEOUT_MS = 120_000;

/** The only request the printing window may make: its own report file. */
export function pdfRequestAllowed(url: string, reportUrl: string): boolean {
  return url === reportUrl;
}

/** The PDF a printer returned looks like a PDF (a broken print must not be saved as the report). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return bytes.length > 8 && String.fromCharCode(...bytes.subarray(0, 5)) === '%PDF-';
}
