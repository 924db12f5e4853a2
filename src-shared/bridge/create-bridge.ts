// Builds the typed API object from the channel names over any transport that returns envelopes.
// Electron's preload passes ipcRenderer.invoke; the browser test bridge passes a fetch.
// Kept free of `electron` so it can be unit-tested and reused by the web bridge, and free of zod
// (names only; the API type is a type-only import, erased from the bundle) to keep the preload small.
import { CHANNEL_IDS, type ChannelName } from '../contract/channel-names.ts';
import type { LedgerApi } from '../contract/channels.ts';
import type { BridgeErrorShape, Envelope } from '../contract/errors.ts';

export type EnvelopeTransport = (channel: ChannelName, args: unknown[]) => Promise<Envelope<unknown>>;

export function createBridge(transport: EnvelopeTransport): LedgerApi {
  const api: Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>> = {};
  for (const { domain, verb, name } of CHANNEL_IDS) {
    api[domain] ??= {};
    api[domain][verb] = async (...args: unknown[]) => {
      let envelope: Envelope<unknown>;
      try {
        envelope = await transport(name, args);
      } catch (cause) {
        // The transport itself failed (IPC torn down, test bridge gone): still a typed error.
        throw bridgeError('internal', `${name}: ${cause instanceof Error ? cause.message : String(cause)}`);
      }
      if (envelope.ok) return envelope.value;
      throw bridgeError(envelope.error.code, envelope.error.message, envelope.error.details);
    };
  }
  return Object.freeze(api) as unknown as LedgerApi;
}

function bridgeError(
  code: BridgeErrorShape['code'],
  message: string,
  details?: Record<string, unknown>,
): BridgeErrorShape {
  // A plain object, not an Error: contextBridge clones plain objects whole but keeps only an Error's message.
  return details === undefined
    ? { name: 'BridgeError', code, message }
    : { name: 'BridgeError', code, message, details };
}
