// What the keychain banner says: why secrets are only in memory, and what gets the keychain back,
// in the words of the platform main runs on (`process.platform`). Each cause main tells apart
// (SecretStorageInfo.cause) reads differently: the app's own keychain module (keytar, an optional
// dependency) missing because its native build needs a package the machine did not have (install
// it, then `npm install` again); no session bus (a shell outside a desktop session); no Secret
// Service on the bus (start one); a locked keychain (unlock it).
import type { SecretStorageInfo } from '../../src-shared/contract/schemas.ts';

type Cause = SecretStorageInfo['cause'];

/** Each cause in words: in full (the banner's headline) and short (one line beside its buttons). */
const CAUSE_WORDS: Record<NonNullable<Cause> | 'unknown', { full: string; short: string }> = {
  'keytar-not-loaded': {
    full: "Ledger Explorer's keychain module (keytar) is not installed",
    short: 'the keychain module (keytar) is not installed',
  },
  'no-session-bus': {
    full: 'there is no D-Bus session bus, so no keychain can be reached',
    short: 'no D-Bus session bus',
  },
  'no-secret-service': { full: 'this system has no keychain service running', short: 'no keychain service running' },
  locked: { full: 'the keychain is locked', short: 'the keychain is locked' },
  unknown: { full: 'the OS keychain could not be used', short: 'the OS keychain could not be used' },
};

/** Why, in one line: the cause main could tell from the system's words, else what is certain. */
export function keychainHeadline(cause?: Cause): string {
  return `Secrets you save are kept only until you quit: ${CAUSE_WORDS[cause ?? 'unknown'].full}.`;
}

/** The same, short enough for one line with its buttons (the sandbox profile's banner). */
export function keychainLine(cause?: Cause): string {
  return `Secrets are kept only until you quit: ${CAUSE_WORDS[cause ?? 'unknown'].short}.`;
}

/** The one thing to do about it, in the words of the platform main runs on. */
export function keychainAdvice(platform: string, cause?: Cause): string {
  if (cause === 'keytar-not-loaded') return keytarInstallAdvice(platform);
  if (cause === 'no-session-bus') {
    return 'Start Ledger Explorer from a desktop session (a terminal inside it), or give it a session bus with a Secret Service running in it: dbus-run-session -- npm start, with GNOME Keyring unlocked there.';
  }
  if (cause === 'locked') {
    return 'Unlock your login keyring (log out and in again, or unlock "Login" in Passwords and Keys), then restart Ledger Explorer.';
  }
  switch (platform) {
    case 'linux':
      return 'Install and start a Secret Service such as GNOME Keyring (Debian/Ubuntu: gnome-keyring, libsecret-1-0), then restart Ledger Explorer to keep secrets across restarts.';
    case 'darwin':
      return 'Ledger Explorer keeps secrets in the macOS Keychain: check that Keychain Access opens your login keychain, then restart Ledger Explorer.';
    case 'win32':
      return 'Ledger Explorer keeps secrets in Windows Credential Manager: check that it opens for your account, then restart Ledger Explorer.';
    default:
      return "Start your system's keychain service, then restart Ledger Explorer to keep secrets across restarts.";
  }
}

function keytarInstallAdvice(platform: string): string {
  switch (platform) {
    case 'linux':
      // keytar has no prebuilt binary for Linux here: it is compiled against libsecret at install time.
      return 'To keep secrets across restarts: install libsecret and a Secret Service (Debian/Ubuntu: sudo apt install libsecret-1-dev gnome-keyring; Fedora: sudo dnf install libsecret-devel gnome-keyring), then run npm install again and restart Ledger Explorer.';
    case 'darwin':
    case 'win32':
      return 'To keep secrets across restarts: run npm install again (it fetches keytar for this system; with no prebuilt one it needs a C++ build toolchain), then restart Ledger Explorer.';
    default:
      return 'To keep secrets across restarts: install what keytar needs to build on this system (a C++ toolchain and its keychain library), then run npm install again and restart Ledger Explorer.';
  }
}
