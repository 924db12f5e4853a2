import { describe, expect, it } from 'vitest';
import { allowPermission } from '../../../src-main/shell/permission-policy.ts';

const APP = 'app://renderer';

describe('web permissions of the renderer', () => {
  it('grants the app page the clipboard, read and write (copy buttons; "Copy curl with key" clears it later)', () => {
    expect(allowPermission('clipboard-read', 'app://renderer/index.html', APP)).toBe(true);
    expect(allowPermission('clipboard-sanitized-write', 'app://renderer/index.html', APP)).toBe(true);
    // The check handler passes an origin, not a URL.
    expect(allowPermission('clipboard-read', 'app://renderer', APP)).toBe(true);
  });

  it.each(['media', 'notifications', 'geolocation', 'openExternal', 'fullscreen', 'hid', 'serial', 'unknown'])(
    'refuses %s, even to the app page',
    (permission) => {
      expect(allowPermission(permission, 'app://renderer/index.html', APP)).toBe(false);
    },
  );

  it.each([
    ['another origin', 'https://evil.example/page'],
    ['another app:// host', 'app://other/index.html'],
    ['a file URL', 'file:///etc/passwd'],
    ['no URL at all', undefined],
    ['not a URL', 'renderer'],
  ])('refuses the clipboard to %s', (_label, url) => {
    expect(allowPermission('clipboard-read', url, APP)).toBe(false);
  });
});
