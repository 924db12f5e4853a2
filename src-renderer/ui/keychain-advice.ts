// What the keychain banner says: why secrets are only in memory, and what gets the keychain back,
// in the words of the platform main runs on (`process.platform`). Two causes read differently:
// no keychain service to talk to (start one), or the app's own keychain module (keytar, an optional
// dependency) missing because its native build needs a package the machine did not have (install
// that package, then `npm install` again).
import type { SecretStorageInfo } from '../../src-shared/contract/schemas.ts';

type Cause = SecretStorageInfo['cause'];

export function keychainHeadline(cause?: Cause): string {
  return cause === 'keytar-not-loaded'
    ? "Secrets you save are kept only until you quit: Ledger Explorer's keychain module (keytar) is not installed."
    : 'Secrets you save are kept only until you quit: this system has no keychain service running.';
}

export function keychainAdvice(platform: string, cause?: Cause): string {
  if (cause === 'keytar-not-loaded') return keytarInstallAdvice(platform);
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
