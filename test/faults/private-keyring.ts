// A private D-Bus session with its own unlocked gnome-keyring, whose Secret Service a test can
// STOP while the app runs (scripts/keyring-session.mjs is the shared one; stopping that would
// break every other test). Unlike the shared one, this bus has no service directories, so once
// the keyring daemon is gone nothing starts it again: the Secret Service has really disappeared.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';

const run = promisify(execFile);
const READY_MS = 15_000;

export interface PrivateKeyring {
  /** Environment for a process that should use this Secret Service. */
  env: NodeJS.ProcessEnv;
  /** Stops the keyring daemon (the Secret Service disappears; the bus stays). */
  stopKeyring(): Promise<void>;
  /**
   * Freezes the keyring daemon (SIGSTOP): it stays on the bus, so calls reach it and are never
   * answered, as with a daemon stuck on an unlock prompt. `thawKeyring` (SIGCONT) lets it go on.
   */
  freezeKeyring(): void;
  thawKeyring(): void;
  /** Whether the Secret Service is on the bus now. */
  present(): Promise<boolean>;
  /** Stops everything and removes the temp folder. */
  stop(): Promise<void>;
}

export async function startPrivateKeyring(): Promise<PrivateKeyring> {
  const base = mkdtempSync(join(tmpdir(), 'ledger-keyring-faults-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [name, sub] of Object.entries({
    HOME: 'home',
    XDG_DATA_HOME: 'data',
    XDG_CONFIG_HOME: 'config',
    XDG_CACHE_HOME: 'cache',
    XDG_RUNTIME_DIR: 'run',
  })) {
    env[name] = join(base, sub);
    mkdirSync(env[name] as string, { recursive: true, mode: 0o700 });
  }
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  const config = join(base, 'session.conf');
  writeFileSync(
    config,
    `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=${base}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`,
  );

  const bus = spawn('dbus-daemon', [`--config-file=${config}`, '--nofork', '--print-address=1'], {
    env,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  env.DBUS_SESSION_BUS_ADDRESS = await firstLine(bus, 'dbus-daemon');

  const keyring: ChildProcess = spawn('gnome-keyring-daemon', ['--unlock', '--components=secrets', '--foreground'], {
    env,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  keyring.stdin?.end('test-keyring-password');

  const present = async () => {
    try {
      const { stdout } = await run(
        'dbus-send',
        [
          '--session',
          '--print-reply',
          '--dest=org.freedesktop.DBus',
          '/org/freedesktop/DBus',
          'org.freedesktop.DBus.NameHasOwner',
          'string:org.freedesktop.secrets',
        ],
        { env },
      );
      return /boolean true/.test(stdout);
    } catch {
      return false;
    }
  };
  const deadline = Date.now() + READY_MS;
  while (!(await present())) {
    if (Date.now() > deadline || keyring.exitCode !== null) {
      bus.kill('SIGTERM');
      throw new Error('gnome-keyring did not register the Secret Service on the private bus');
    }
  }

  const exited = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    env,
    present,
    stopKeyring: async () => {
      const gone = exited(keyring);
      keyring.kill('SIGTERM');
      await gone;
      // The bus drops the name when the daemon's connection closes: wait for that, not for time.
      while (await present()) {
        /* the next NameHasOwner answer is the signal */
      }
    },
    freezeKeyring: () => {
      keyring.kill('SIGSTOP');
    },
    thawKeyring: () => {
      if (keyring.exitCode === null && keyring.signalCode === null) keyring.kill('SIGCONT');
    },
    stop: async () => {
      const gone = Promise.all([exited(keyring), exited(bus)]);
      // A frozen daemon would hold SIGTERM until continued.
      if (keyring.exitCode === null && keyring.signalCode === null) keyring.kill('SIGCONT');
      keyring.kill('SIGTERM');
      bus.kill('SIGTERM');
      await gone;
      rmSync(base, { recursive: true, force: true });
    },
  };
}

function firstLine(child: ChildProcess, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within ${READY_MS} ms`)), READY_MS);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${name} could not start (${error.message})`));
    });
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', (line) => {
      clearTimeout(timer);
      resolve(line.trim());
    });
  });
}
