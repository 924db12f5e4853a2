// The release build's configuration, checked without an Electron binary (none can be downloaded
// here, so `npm run dist` cannot run to the end): electron-builder loads and accepts
// electron-builder.config.ts, the required fuses are set, the four targets are there, and
// electron-builder's own fuse mapping plus @electron/fuses write exactly those fuses into a fuse
// wire. What this does not prove (a real packed binary, its signature, the installers) is listed in
// docs/security.md, "Release build".
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { FuseV1Options, flipFuses, getCurrentFuseWire } from '@electron/fuses';
import { PlatformPackager } from 'app-builder-lib';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { describe, expect, it } from 'vitest';
import config, { RELEASE_FUSES } from '../../electron-builder.config.ts';

const root = resolve(import.meta.dirname, '../..');
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const ON = '1'.charCodeAt(0);
const OFF = '0'.charCodeAt(0);

describe('release build configuration', () => {
  it('is the file electron-builder loads, and passes electron-builder’s own schema', async () => {
    const loaded = await getConfig(root, 'electron-builder.config.ts', null);
    expect(loaded.electronFuses).toEqual(RELEASE_FUSES);
    await expect(validateConfiguration(loaded, { isEnabled: false, add: () => {} } as never)).resolves.toBeUndefined();
  });

  it('sets the required fuses', () => {
    expect(RELEASE_FUSES).toMatchObject({
      runAsNode: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
    });
    // OnlyLoadAppFromAsar and the integrity check need the app in an asar archive.
    expect(config.asar).toBe(true);
    expect(config.electronFuses).toBe(RELEASE_FUSES);
  });

  it('builds AppImage and deb on Linux, dmg on macOS, NSIS on Windows, and publishes nothing', () => {
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.mac?.target).toEqual(['dmg']);
    expect(config.win?.target).toEqual(['nsis']);
    expect(config.publish).toBeNull();
    // The test build (out/web, with its loopback bridge) never ships.
    expect(config.files).not.toContainEqual(expect.stringMatching(/out\/web|out\/\*\*/));
  });

  it('electron-builder’s fuse step writes exactly these fuses into a fuse wire', async () => {
    // A stand-in for the Electron binary: the sentinel, wire version 1, 8 fuses, Electron's defaults.
    const defaults = '10110001';
    const dir = await mkdtemp(join(tmpdir(), 'fuses-'));
    const binary = join(dir, 'electron');
    try {
      await writeFile(
        binary,
        Buffer.concat([
          Buffer.alloc(64, 7),
          Buffer.from(SENTINEL),
          Buffer.from([1, 8]),
          Buffer.from(defaults),
          Buffer.alloc(64, 7),
        ]),
      );
      // electron-builder's own step from `electronFuses` to an @electron/fuses config (a private method).
      const wireConfig = await (
        PlatformPackager.prototype as unknown as {
          generateFuseConfig(fuses: typeof RELEASE_FUSES): Promise<Parameters<typeof flipFuses>[1]>;
        }
      ).generateFuseConfig.call(null, RELEASE_FUSES);
      await flipFuses(binary, wireConfig);
      const wire = await getCurrentFuseWire(binary);
      expect(wire[FuseV1Options.RunAsNode]).toBe(OFF);
      expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(ON);
      expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(OFF);
      expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(OFF);
      expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(ON);
      expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(ON);
      // Fuses the config leaves alone keep Electron's default.
      expect(wire[FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]).toBe(OFF);
      expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(ON);
      expect((await readFile(binary)).length).toBe(64 + SENTINEL.length + 2 + 8 + 64);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('npm run dist stops with one clear line when there is no Electron binary', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'no-electron-'));
    try {
      const run = promisify(execFile)(process.execPath, [join(root, 'scripts/dist.mjs')], {
        cwd: root,
        env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: empty },
      });
      const failure = await run.then(
        () => null,
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stdout).toBe('');
      const lines = failure?.stderr.trim().split('\n') ?? [];
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^npm run dist: cannot package the desktop app: no Electron binary/);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
