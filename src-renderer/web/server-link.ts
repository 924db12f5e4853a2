// The browser version's link to its server: the bridge transport, and what the page knows about the
// server behind it. Only the browser build has it; the Electron preload's IPC never goes away.
//
// - A call whose fetch fails (connection refused or cut) means the server stopped: the page says
//   so (server-banner.ts), asks /__health with a backoff (and at once when the tab comes to the
//   front or "Try now" is pressed), and is back when the server proves it holds this tab's key.
// - The key is never sent to a server that has not first proved, for this page's own origin, that
//   it holds the same key (the HMAC in web-bridge.ts): while the server is away another program
//   may have taken its port. Until then no call is sent at all.
// - A server that answers but does not hold the key (restarted with --temp-user-data or --new-key)
//   is said in words, with what to do: open the newly printed address in this tab.
// - A new tab (no key in its address or its sessionStorage) asks the app's open tabs over a
//   BroadcastChannel (same origin only); a tab answers only after the server at this origin has
//   proved the key again, so a program that took the port after the server stopped cannot get a
//   key from an open tab.
import { serverProofText, WEB_APP_NAME, WEB_BRIDGE_PATH, WEB_HEALTH_PATH } from '../../src-shared/bridge/web-bridge.ts';
import type { ChannelName } from '../../src-shared/contract/channel-names.ts';
import type { Envelope } from '../../src-shared/contract/errors.ts';
import { isBridgeKey, storeKey } from './bridge-key.ts';

export type LinkState =
  /** Calls go through. */
  | 'ok'
  /** No key yet: asking the app's other tabs. */
  | 'asking'
  /** No key in this tab, and no open tab of the app gave one. */
  | 'no-key'
  /** Nothing answers at this address as Ledger Explorer (stopped, or another program has the port). */
  | 'stopped'
  /** The server here answers but does not hold this tab's key. */
  | 'key-refused';

export const STOPPED_TEXT = "Ledger Explorer's server stopped: run `npm run dev:web` again";
const KEY_TEXT =
  "This tab's key is not accepted by Ledger Explorer's server: open the address `npm run dev:web` printed";

/** How long a new tab waits for an open tab's answer before it says it has no key (it keeps listening). */
const ASK_WAIT_MS = 1_500;
const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 5_000;
const CHANNEL_NAME = 'ledger-explorer-bridge-key';

type Verdict = 'ours' | 'other-key' | 'absent';
type Message = { type: 'ask' } | { type: 'key'; key: string };

export class ServerLink {
  private key: string | null;
  private state: LinkState;
  private readonly listeners = new Set<(state: LinkState) => void>();
  private readonly channel: BroadcastChannel | null;
  private watching = false;
  private wake: (() => void) | null = null;

  constructor(key: string | null) {
    this.key = key;
    this.state = key ? 'ok' : 'asking';
    this.channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
    this.channel?.addEventListener('message', (event: MessageEvent<unknown>) => void this.onMessage(event.data));
    // Back in front, or the machine's network back: look now rather than at the next backoff step.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') this.tryNow();
    });
    window.addEventListener('online', () => this.tryNow());
    if (!key) this.askOpenTabs();
  }

  get current(): LinkState {
    return this.state;
  }

  /** Called now with the current state, then on every change. */
  subscribe(listener: (state: LinkState) => void): () => void {
    this.listeners.add(listener);
    listener(this.state);
    return () => this.listeners.delete(listener);
  }

  /** The transport for createBridge: one channel call. */
  readonly transport = async (channel: ChannelName, args: unknown[]): Promise<Envelope<unknown>> => {
    const key = this.key;
    if (this.state !== 'ok' || key === null) return this.refusal();
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${WEB_BRIDGE_PATH}${encodeURIComponent(channel)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify(args),
      });
      text = await response.text();
    } catch {
      // Refused or cut: the server is gone (a page served by it cannot be offline from it otherwise).
      if (this.key === key) this.lost('stopped');
      return this.refusal();
    }
    if (response.status === 403 && text === 'bad bridge token') {
      if (this.key === key) this.lost('key-refused');
      return this.refusal();
    }
    if (!response.ok) throw new Error(`test bridge answered HTTP ${response.status}: ${text}`);
    return JSON.parse(text) as Envelope<unknown>;
  };

  /** A key given in the address (the printed URL opened again in this tab): kept, then checked. */
  async offerKey(key: string): Promise<void> {
    if (key === this.key && this.state === 'ok') return;
    this.key = key;
    storeKey(key);
    const verdict = await this.verdict(key);
    if (this.key !== key) return;
    if (verdict === 'ours') {
      this.set('ok');
      this.channel?.postMessage({ type: 'key', key } satisfies Message);
    } else {
      this.lost(verdict === 'other-key' ? 'key-refused' : 'stopped');
    }
  }

  /**
   * Resolves when the server at this origin proves, now, that it holds this tab's key (a fresh
   * challenge), waiting while it is away. Asked before the app fetches more of its own code (chunk-gate.ts).
   */
  async proven(): Promise<void> {
    for (;;) {
      // While the server is away (or the key is refused, or still being asked for), the banner says
      // so; the chunk waits for the link to be back rather than fail for good.
      if (this.state !== 'ok') {
        await new Promise<void>((resolve) => {
          const stop = this.subscribe((state) => {
            if (state !== 'ok') return;
            queueMicrotask(() => stop());
            resolve();
          });
        });
      }
      const key = this.key;
      // (The link is ok only with a key: never met, but never a loop either.)
      if (key === null) throw new Error(STOPPED_TEXT);
      const verdict = await this.verdict(key);
      if (verdict === 'ours') return;
      // Not the server of this key now: the link learns it here, says so, and looks again with its backoff.
      if (this.key === key && this.state === 'ok') this.lost(verdict === 'other-key' ? 'key-refused' : 'stopped');
    }
  }

  /** Look for the server now (the banner's "Try now", the tab back in front). */
  tryNow(): void {
    this.wake?.();
  }

  private isOk(): boolean {
    return this.state === 'ok';
  }

  private refusal(): Envelope<unknown> {
    const state = this.state;
    return state === 'stopped'
      ? { ok: false, error: { code: 'network', message: STOPPED_TEXT } }
      : { ok: false, error: { code: 'forbidden_sender', message: KEY_TEXT } };
  }

  private set(state: LinkState): void {
    if (state === this.state) return;
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }

  private lost(state: 'stopped' | 'key-refused'): void {
    this.set(state);
    void this.watch();
  }

  /** While not ok: ask the server, with a backoff, until it proves this tab's key. */
  private async watch(): Promise<void> {
    if (this.watching) return;
    this.watching = true;
    try {
      let wait = FIRST_RETRY_MS;
      while (this.state !== 'ok' && this.key !== null) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, wait);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = null;
        wait = Math.min(wait * 2, MAX_RETRY_MS);
        const key = this.key;
        // Another path (a key from the address or another tab) may have brought it back meanwhile.
        if (key === null || this.isOk()) break;
        const verdict = await this.verdict(key);
        if (key !== this.key) continue;
        if (verdict === 'ours') this.set('ok');
        else this.set(verdict === 'other-key' ? 'key-refused' : 'stopped');
      }
    } finally {
      this.watching = false;
    }
  }

  /**
   * Does the server at this page's origin hold `key`? It signs a fresh challenge with it for this
   * origin; the key itself is not sent.
   */
  private async verdict(key: string): Promise<Verdict> {
    const challenge = hex(crypto.getRandomValues(new Uint8Array(16)));
    let body: { app?: unknown; proof?: unknown };
    try {
      const response = await fetch(`${WEB_HEALTH_PATH}?challenge=${challenge}`, { cache: 'no-store' });
      if (!response.ok) return 'absent';
      body = (await response.json()) as typeof body;
    } catch {
      return 'absent';
    }
    // Another program at this address (it took the port): to this page the server is still away.
    if (body?.app !== WEB_APP_NAME || typeof body.proof !== 'string') return 'absent';
    const expected = await hmacHex(key, serverProofText(window.location.origin, challenge));
    return body.proof === expected ? 'ours' : 'other-key';
  }

  private askOpenTabs(): void {
    if (!this.channel) {
      this.set('no-key');
      return;
    }
    this.channel.postMessage({ type: 'ask' } satisfies Message);
    setTimeout(() => {
      if (this.state === 'asking') this.set('no-key');
    }, ASK_WAIT_MS);
  }

  private async onMessage(data: unknown): Promise<void> {
    const message = data as Partial<Message> | null;
    if (message?.type === 'ask') {
      // Answer only for a server that proves, now, that it holds our key.
      const key = this.key;
      if (this.state !== 'ok' || key === null) return;
      if ((await this.verdict(key)) === 'ours') this.channel?.postMessage({ type: 'key', key } satisfies Message);
      return;
    }
    if (message?.type !== 'key' || !isBridgeKey(message.key)) return;
    const offered = message.key;
    if (this.state === 'ok' && offered === this.key) return;
    // Taken only when the server proves it holds it: a key from another tab is never used blindly.
    if ((await this.verdict(offered)) !== 'ours') return;
    this.key = offered;
    storeKey(offered);
    this.set('ok');
  }
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function hmacHex(key: string, text: string): Promise<string> {
  const encoder = new TextEncoder();
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return hex(new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(text))));
}
