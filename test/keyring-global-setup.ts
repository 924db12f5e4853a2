// vitest global setup: a real Secret Service for the credential-store tests, in a temp HOME.
// Workers are started after this and inherit the environment set here.
// @ts-expect-error plain .mjs helper shared with the Playwright setup
import { startKeyringSession } from '../scripts/keyring-session.mjs';

export default async function setup(): Promise<() => void> {
  const session = await startKeyringSession();
  const previous = { ...process.env };
  Object.assign(process.env, session.env);
  delete process.env.DISPLAY;
  return () => {
    session.stop();
    process.env = previous;
  };
}
