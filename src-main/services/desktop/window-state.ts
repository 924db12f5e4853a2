// The main window's size, position and maximized state across launches (docs/desktop.md), kept in
// window-state.json in the user data folder. Plain Node: the shell passes in the displays' work
// areas, so the Node tests can unplug a monitor. A restored window is always reachable: moved back
// onto a display when its title bar would be off every screen, and never larger than that display.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { removeStaleTemps, writeFileAtomic, writeFileAtomicSync } from '../../files/atomic-write.ts';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** No x/y: centred by the OS (first launch, or a position that could not be kept). */
export interface WindowState {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export const WINDOW_STATE_FILE = 'window-state.json';
export const DEFAULT_WINDOW: WindowState = { width: 1280, height: 840, maximized: false };
export const MIN_WINDOW = { width: 900, height: 600 };
/** How much of the window's top strip (its title bar) must be on a display to count as reachable. */
const REACHABLE = { width: 100, height: 40 };

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && Math.abs(v) < 1e6;

/** The saved state, or null when the file says something else (then the default is used). */
export function parseWindowState(text: string): WindowState | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const { x, y, width, height, maximized } = raw as Record<string, unknown>;
  if (!isInt(width) || !isInt(height) || width <= 0 || height <= 0 || typeof maximized !== 'boolean') return null;
  if (x === undefined && y === undefined) return { width, height, maximized };
  if (!isInt(x) || !isInt(y)) return null;
  return { x, y, width, height, maximized };
}

function overlap(a: Rect, b: Rect): Rect {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const width = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - x);
  const height = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - y);
  return { x, y, width, height };
}

/**
 * Where the window opens: the saved bounds when its title bar is on a display (size capped to that
 * display's work area, pulled fully inside it), else the saved size centred by the OS. `workAreas`
 * lists every display's work area, the primary first.
 */
export function restoreWindowState(saved: WindowState | null, workAreas: Rect[]): WindowState {
  if (!saved || workAreas.length === 0) return { ...DEFAULT_WINDOW };
  const primary = workAreas[0];
  const size = (area: Rect) => ({
    width: Math.max(Math.min(saved.width, area.width), Math.min(MIN_WINDOW.width, area.width)),
    height: Math.max(Math.min(saved.height, area.height), Math.min(MIN_WINDOW.height, area.height)),
  });
  if (saved.x === undefined || saved.y === undefined) return { ...size(primary), maximized: saved.maximized };
  const titleBar = { x: saved.x, y: saved.y, width: saved.width, height: REACHABLE.height };
  const area = workAreas.find((a) => {
    const seen = overlap(titleBar, a);
    return seen.width >= Math.min(REACHABLE.width, saved.width) && seen.height >= REACHABLE.height;
  });
  if (!area) return { ...size(primary), maximized: saved.maximized };
  const { width, height } = size(area);
  const x = Math.min(Math.max(saved.x, area.x), area.x + area.width - width);
  const y = Math.min(Math.max(saved.y, area.y), area.y + area.height - height);
  return { x, y, width, height, maximized: saved.maximized };
}

export async function loadWindowState(userDataDir: string): Promise<WindowState | null> {
  const file = join(userDataDir, WINDOW_STATE_FILE);
  // Temp files of a write an earlier run never finished (killed, or quit mid-write): the file is whole.
  await removeStaleTemps(file);
  try {
    return parseWindowState(await readFile(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Saves the state a while after the last move or resize (a drag fires dozens of events), atomically;
 * flush() writes what is pending at once, closeSync() writes the closing state before it returns (the
 * app may quit right after a window closes, before an async write would finish). A failed write is
 * only logged: the next launch opens the window at its default place, nothing more.
 */
export class WindowStateSaver {
  private timer: NodeJS.Timeout | null = null;
  private pending: WindowState | null = null;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;
  private inFlight = 0;

  private readonly userDataDir: string;
  private readonly log: (line: string) => void;
  private readonly delayMs: number;

  constructor(userDataDir: string, log: (line: string) => void, delayMs = 500) {
    this.userDataDir = userDataDir;
    this.log = log;
    this.delayMs = delayMs;
  }

  schedule(state: WindowState): void {
    if (this.closed) return;
    this.pending = state;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.delayMs);
    this.timer.unref?.();
  }

  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const state = this.pending;
    this.pending = null;
    if (state) {
      const file = join(this.userDataDir, WINDOW_STATE_FILE);
      this.inFlight++;
      this.writing = this.writing
        .then(() => writeFileAtomic(file, `${JSON.stringify(state)}\n`))
        .catch((error: unknown) =>
          this.log(`window state not saved: ${error instanceof Error ? error.message : error}`),
        )
        .finally(() => {
          this.inFlight--;
        });
    }
    return this.writing;
  }

  /**
   * On close: the closing state written synchronously (temp file, fsync, rename), so a move in the
   * last moments is kept even when the process exits at once; later schedules are ignored. An async
   * write still running holds an older state: once it lands, the closing state is written again.
   */
  saveOnClose(state: WindowState): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
    this.closed = true;
    const write = () => {
      try {
        writeFileAtomicSync(join(this.userDataDir, WINDOW_STATE_FILE), `${JSON.stringify(state)}\n`);
      } catch (error) {
        this.log(`window state not saved: ${error instanceof Error ? error.message : error}`);
      }
    };
    write();
    if (this.inFlight > 0) this.writing = this.writing.then(write);
  }
}
