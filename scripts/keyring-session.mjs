// A private D-Bus session with an unlocked gnome-keyring (a real Secret Service), for tests.
// Everything lives in a temporary HOME; nothing touches the user's own keyring or /root.
// DISPLAY is removed so a locked keyring can never open an unlock prompt and hang a test.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const READY_TIMEOUT_MS = 15_000;

export async function startKeyringSession() {
  const base = mkdtempSync(join(tmpdir(), 'ledger-keyring-'));
  const dirs = {
    HOME: 'home',
    XDG_DATA_HOME: 'data',
    XDG_CONFIG_HOME: 'config',
    XDG_CACHE_HOME: 'cache',
    XDG_RUNTIME_DIR: 'run',
  };
  const env = { ...process.env };
  for (const [name, sub] of Object.entries(dirs)) {
    env[name] = join(base, sub);
    mkdirSync(env[name], { recursive: true, mode: 0o700 });
  }
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;

  const bus = spawn('dbus-daemon', ['--session', '--nofork', '--print-address=1'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const address = await firstLine(bus, 'dbus-daemon');
  env.DBUS_SESSION_BUS_ADDRESS = address;

  const keyring = spawn('gnome-keyring-daemon', ['--unlock', '--components=secrets', '--foreground'], {
    env,
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  keyring.stdin.end('test-keyring-password');
  await waitForSecretService(env);

  const stop = () => {
    keyring.kill('SIGTERM');
    bus.kill('SIGTERM');
    rmSync(base, { recursive: true, force: true });
  };
  return { env, stop };
}

function firstLine(child, name) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start within ${READY_TIMEOUT_MS} ms`)),
      READY_TIMEOUT_MS,
    );
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${name} could not start (${error.message}); install dbus and gnome-keyring`));
    });
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve(line.trim());
    });
  });
}

/** Polls the bus until org.freedesktop.secrets has an owner (the keyring registered itself). */
async function waitForSecretService(env) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const owned = await new Promise((resolve) => {
      const probe = spawn(
        'dbus-send',
        [
          '--session',
          '--print-reply',
          '--dest=org.freedesktop.DBus',
          '/org/freedesktop/DBus',
          'org.freedesktop.DBus.NameHasOwner',
          'string:org.freedesktop.secrets',
        ],
        { env, stdio: ['ignore', 'pipe', 'ignore'] },
      );
      let out = '';
      probe.stdout.on('data', (chunk) => {
        out += chunk;
      });
      probe.on('close', () => resolve(/boolean true/.test(out)));
      probe.on('error', () => resolve(false));
    });
    if (owned) return;
  }
  throw new Error(`the Secret Service (gnome-keyring) did not appear on the test bus within ${READY_TIMEOUT_MS} ms`);
}
