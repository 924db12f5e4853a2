// The desktop host's PDF printer for case reports (loaded with import() on the first PDF): the
// report's HTML goes to a temp file, a hidden window that runs no JavaScript and lives in its own
// in-memory session loads exactly that file (every other request cancelled), and Chromium prints
// it. The policy it applies is plain data in services/report/pdf-policy.ts, tested in Node.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BrowserWindow, session } from 'electron';
import { PDF_PRINT_OPTIONS, PDF_WINDOW_PREFERENCES, pdfRequestAllowed } from '../services/report/pdf-policy.ts';

export async function printReportToPdf(html: string): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), 'ledger-report-'));
  const file = join(dir, 'report.html');
  let window: BrowserWindow | null = null;
  try {
    await writeFile(file, html, { mode: 0o600 });
    const reportUrl = pathToFileURL(file).href;
    // No "persist:" prefix: the session lives in memory only and shares nothing with the app's.
    const printing = session.fromPartition(`report-pdf-${randomBytes(6).toString('hex')}`, { cache: false });
    printing.webRequest.onBeforeRequest((details, callback) =>
      callback({ cancel: !pdfRequestAllowed(details.url, reportUrl) }),
    );
    printing.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
    printing.setPermissionCheckHandler(() => false);
    // The policy's preferences, with the three the security scan looks for spelled out here too.
    window = new BrowserWindow({
      show: false,
      webPreferences: {
        ...PDF_WINDOW_PREFERENCES,
        contextIsolation: true,
        sandbox: true,
        disableBlinkFeatures: 'Auxclick',
        session: printing,
      },
    });
    window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
    window.webContents.on('will-navigate', (event) => event.preventDefault());
    await window.loadURL(reportUrl);
    return new Uint8Array(await window.webContents.printToPDF(PDF_PRINT_OPTIONS));
  } finally {
    window?.destroy();
    await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}
