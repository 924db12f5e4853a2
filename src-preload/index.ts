// The preload: exposes ONE typed object, window.ledger, and nothing else.
import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_GLOBAL } from '../src-shared/contract/channels.ts';
import type { Envelope } from '../src-shared/contract/errors.ts';
import { createBridge } from './create-bridge.ts';

contextBridge.exposeInMainWorld(
  BRIDGE_GLOBAL,
  createBridge((channel, args) => ipcRenderer.invoke(channel, ...args) as Promise<Envelope<unknown>>),
);
