// One private Secret Service for the whole Playwright run (workers inherit this environment),
// and a temp HOME so Chromium writes nothing to the real one.
// @ts-expect-error plain .mjs helper shared with the vitest setup
import { startKeyringSession } from '../../scripts/keyring-session.mjs';

export default async function globalSetup(): Promise<() => void> {
  const session = await startKeyringSession();
  Object.assign(process.env, session.env);
  delete process.env.DISPLAY;
  return () => session.stop();
}
