// What the page says when its server is away or does not take this tab's key (server-link.ts), in
// words and with what to do. Plain DOM beside the React app, so the app's own tree (and the Electron
// build, which has no such server) is untouched, and it shows even while a screen is waiting.
import './server-banner.css';
import type { LinkState, ServerLink } from './server-link.ts';

interface Words {
  /** The headline: `code` parts are commands. */
  headline: Array<string | { code: string }>;
  advice: string;
  tryNow: boolean;
}

const DEV_WEB = { code: 'npm run dev:web' };

const WORDS: Partial<Record<LinkState, Words>> = {
  stopped: {
    headline: ["Ledger Explorer's server stopped: run ", DEV_WEB, ' again.'],
    advice:
      'This page reconnects by itself when the server is back at this address, and keeps what you typed. If it starts at another address, open the one it prints.',
    tryNow: true,
  },
  'key-refused': {
    headline: [
      "Ledger Explorer's server no longer accepts this tab's key: open the address ",
      DEV_WEB,
      ' printed (it ends in #bridge=…) in this tab.',
    ],
    advice:
      'The server was started with a new key (a --temp-user-data run, --new-key, or its key file was removed). Nothing you typed here is lost.',
    tryNow: false,
  },
  'no-key': {
    headline: [
      "This tab has no key to Ledger Explorer's server: open the address ",
      DEV_WEB,
      ' printed (it ends in #bridge=…) in this tab.',
    ],
    advice: 'A new tab gets the key from an open tab of the app; none answered.',
    tryNow: false,
  },
};

export function showServerBanner(link: ServerLink): void {
  const banner = document.createElement('div');
  banner.className = 'server-status banner banner-error';
  banner.dataset.testid = 'server-status';
  // Assertive: every call the user makes fails until this is resolved.
  banner.setAttribute('role', 'alert');
  banner.hidden = true;
  document.body.prepend(banner);

  link.subscribe((state) => {
    const words = WORDS[state];
    banner.dataset.state = state;
    banner.hidden = words === undefined;
    banner.replaceChildren();
    if (!words) return;
    const headline = document.createElement('p');
    const strong = document.createElement('strong');
    for (const part of words.headline) {
      if (typeof part === 'string') strong.append(part);
      else {
        const code = document.createElement('code');
        code.textContent = part.code;
        strong.append(code);
      }
    }
    headline.append(strong);
    const advice = document.createElement('p');
    advice.textContent = words.advice;
    banner.append(headline, advice);
    if (words.tryNow) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Try now';
      button.addEventListener('click', () => link.tryNow());
      banner.append(button);
    }
  });
}
