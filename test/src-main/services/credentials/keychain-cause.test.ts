// What the system's words about a failed keychain call say is wrong (credential-store.ts,
// keychainCause): the banner's advice follows from it, so each message measured on Debian 12 maps
// to its cause. The Secret Service stopping while a read was on its way (seen once in CI as a race
// of the keychain-vanishes fault test) is a missing service, like one that never started.
import { describe, expect, it } from 'vitest';
import { keychainCause } from '../../../../src-main/services/credentials/credential-store.ts';

describe('keychainCause', () => {
  it.each([
    ['The name org.freedesktop.secrets was not provided by any .service files', 'no-secret-service'],
    [
      'the OS keychain refused a read: Message recipient disconnected from message bus without replying',
      'no-secret-service',
    ],
    ['Cannot autolaunch D-Bus without X11 $DISPLAY', 'no-session-bus'],
    ['Object does not exist at path “/org/freedesktop/secrets/collection/login”', 'locked'],
  ])('%s -> %s', (reason, cause) => {
    expect(keychainCause(reason)).toBe(cause);
  });
});
