// Window size and position across launches: restored when it fits, pulled back onto a display when
// it would not be reachable, the default after a bad file, and saved atomically after the last move.
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WINDOW,
  loadWindowState,
  parseWindowState,
  restoreWindowState,
  WINDOW_STATE_FILE,
  WindowStateSaver,
} from '../../../../src-main/services/desktop/window-state.ts';

const PRIMARY = { x: 0, y: 0, width: 1920, height: 1040 };
const RIGHT = { x: 1920, y: 0, width: 1280, height: 1000 };

describe('restoreWindowState', () => {
  it('keeps a window that is on a display as it was, maximized too', () => {
    const saved = { x: 100, y: 80, width: 1400, height: 900, maximized: true };
    expect(restoreWindowState(saved, [PRIMARY])).toEqual(saved);
    const onSecond = { x: 2000, y: 50, width: 1000, height: 700, maximized: false };
    expect(restoreWindowState(onSecond, [PRIMARY, RIGHT])).toEqual(onSecond);
  });

  it('brings a window from an unplugged monitor back, centred on the primary display', () => {
    const saved = { x: 2000, y: 50, width: 1000, height: 700, maximized: false };
    expect(restoreWindowState(saved, [PRIMARY])).toEqual({ width: 1000, height: 700, maximized: false });
  });

  it('pulls a window whose title bar is above the screen or barely on it back inside', () => {
    expect(restoreWindowState({ x: 100, y: -500, width: 1000, height: 700, maximized: false }, [PRIMARY])).toEqual({
      width: 1000,
      height: 700,
      maximized: false,
    });
    const edge = restoreWindowState({ x: 1500, y: 100, width: 1000, height: 700, maximized: false }, [PRIMARY]);
    expect(edge).toEqual({ x: 920, y: 100, width: 1000, height: 700, maximized: false });
  });

  it('shrinks a window larger than the display it is on, never below the minimum the display allows', () => {
    const saved = { x: 0, y: 0, width: 4000, height: 3000, maximized: false };
    expect(restoreWindowState(saved, [PRIMARY])).toEqual({ x: 0, y: 0, width: 1920, height: 1040, maximized: false });
    const tiny = { x: 0, y: 0, width: 200, height: 100, maximized: false };
    expect(restoreWindowState(tiny, [PRIMARY])).toMatchObject({ width: 900, height: 600 });
  });

  it('opens at the default size without a saved state or without any display', () => {
    expect(restoreWindowState(null, [PRIMARY])).toEqual(DEFAULT_WINDOW);
    expect(restoreWindowState({ x: 1, y: 1, width: 1000, height: 700, maximized: false }, [])).toEqual(DEFAULT_WINDOW);
  });
});

describe('window-state.json', () => {
  it('reads what the saver wrote, after the last of many moves, atomically', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'window-state-'));
    const saver = new WindowStateSaver(dir, () => {}, 10_000);
    for (let x = 0; x < 50; x++) saver.schedule({ x, y: 10, width: 1200, height: 800, maximized: false });
    expect(await loadWindowState(dir)).toBeNull();
    await saver.flush();
    expect(await loadWindowState(dir)).toEqual({ x: 49, y: 10, width: 1200, height: 800, maximized: false });
    expect(await readdir(dir)).toEqual([WINDOW_STATE_FILE]);
  });

  it('keeps a move made just before closing: written before saveOnClose returns, later moves ignored', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'window-state-'));
    const saver = new WindowStateSaver(dir, () => {}, 10_000);
    saver.schedule({ x: 5, y: 10, width: 1200, height: 800, maximized: false });
    saver.saveOnClose({ x: 300, y: 40, width: 1200, height: 800, maximized: false });
    expect(parseWindowState(readFileSync(join(dir, WINDOW_STATE_FILE), 'utf8'))).toEqual({
      x: 300,
      y: 40,
      width: 1200,
      height: 800,
      maximized: false,
    });
    saver.schedule({ x: 1, y: 1, width: 1000, height: 700, maximized: false });
    await saver.flush();
    expect((await loadWindowState(dir))?.x).toBe(300);
    expect(await readdir(dir)).toEqual([WINDOW_STATE_FILE]);
  });

  it('lands the closing state even when an earlier save is still being written', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'window-state-'));
    const saver = new WindowStateSaver(dir, () => {});
    saver.schedule({ x: 5, y: 10, width: 1200, height: 800, maximized: false });
    const earlier = saver.flush();
    saver.saveOnClose({ x: 300, y: 40, width: 1200, height: 800, maximized: true });
    await earlier;
    expect(await loadWindowState(dir)).toEqual({ x: 300, y: 40, width: 1200, height: 800, maximized: true });
  });

  it('removes the temp files of a write an earlier run never finished when it loads', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'window-state-'));
    await writeFile(join(dir, WINDOW_STATE_FILE), '{"width":1200,"height":800,"maximized":false}\n');
    await writeFile(join(dir, `.${WINDOW_STATE_FILE}.4242.deadbeef.tmp`), '{"width":12');
    expect(await loadWindowState(dir)).toEqual({ width: 1200, height: 800, maximized: false });
    expect(await readdir(dir)).toEqual([WINDOW_STATE_FILE]);
  });

  it.each([
    ['not JSON', '{"x": 1'],
    ['an array', '[1,2]'],
    ['a fractional width', '{"width":1.5,"height":800,"maximized":false}'],
    ['a string size', '{"width":"1200","height":800,"maximized":false}'],
    ['no maximized', '{"width":1200,"height":800}'],
    ['x without y', '{"x":10,"width":1200,"height":800,"maximized":false}'],
    ['an absurd position', '{"x":1e12,"y":0,"width":1200,"height":800,"maximized":false}'],
  ])('falls back to the default on a file with %s', async (_what, text) => {
    const dir = await mkdtemp(join(tmpdir(), 'window-state-'));
    await writeFile(join(dir, WINDOW_STATE_FILE), text);
    const saved = await loadWindowState(dir);
    expect(saved).toBeNull();
    expect(restoreWindowState(saved, [PRIMARY])).toEqual(DEFAULT_WINDOW);
  });

  it('logs a failed write instead of throwing', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'window-state-')), 'missing', 'folder');
    const lines: string[] = [];
    const saver = new WindowStateSaver(dir, (line) => lines.push(line));
    saver.schedule({ width: 1200, height: 800, maximized: true });
    await saver.flush();
    expect(lines).toEqual([expect.stringMatching(/^window state not saved: /)]);
    await expect(readFile(join(dir, WINDOW_STATE_FILE))).rejects.toThrow();
  });
});
