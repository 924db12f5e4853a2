// Main's log lines on disk (docs/desktop.md): logs/main.log in the user data folder, so support
// staff can ask for it ("Reveal logs folder"). Appended synchronously (a line logged just before a
// crash is still there); when the file passes MAX_LOG_BYTES it becomes main.1.log (the previous
// main.1.log goes) and a new main.log starts, so the folder never holds more than about twice that.
import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const LOGS_FOLDER = 'logs';
export const MAX_LOG_BYTES = 4 * 1024 * 1024;

export const logsFolderIn = (userDataDir: string) => join(userDataDir, LOGS_FOLDER);

export class LogFile {
  readonly path: string;
  private readonly maxBytes: number;
  private size: number;
  /** Once the disk refused a line, stop trying (the console still has it). */
  private broken = false;

  constructor(folder: string, maxBytes = MAX_LOG_BYTES) {
    this.path = join(folder, 'main.log');
    this.maxBytes = maxBytes;
    try {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      this.size = statSync(this.path).size;
    } catch {
      this.size = 0;
    }
  }

  append(line: string): void {
    if (this.broken) return;
    // One line per entry: a line break inside a message cannot forge a second entry.
    const text = `${new Date().toISOString()} ${line.replace(/[\r\n]+/g, ' ')}\n`;
    const bytes = Buffer.byteLength(text);
    try {
      if (this.size > 0 && this.size + bytes > this.maxBytes) {
        renameSync(this.path, join(this.path, '..', 'main.1.log'));
        this.size = 0;
      }
      appendFileSync(this.path, text, { mode: 0o600 });
      this.size += bytes;
    } catch {
      this.broken = true;
    }
  }
}
