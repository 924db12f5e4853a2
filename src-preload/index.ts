// The preload: exposes ONE typed object, window.ledger, and nothing else. It bundles channel names
// only (no zod): main validates every argument.
import { contextBridge, ipcRenderer } from 'electron';
import { createBridge } from '../src-shared/bridge/create-bridge.ts';
import { BRIDGE_GLOBAL } from '../src-shared/contract/channel-names.ts';
import type { Envelope } from '../src-shared/contract/errors.ts';

contextBridge.exposeInMainWorld(
  BRIDGE_GLOBAL,
  createBridge((channel, args) => ipcRenderer.invoke(channel, ...args) as Promise<Envelope<unknown>>),
);
