import type { Settings } from '../../../src-shared/contract/schemas.ts';

/** First start, or a settings file that could not be used: the built-in sandbox network, no account needed. */
export function defaultSettings(): Settings {
  return {
    version: 1,
    activeProfileId: 'sandbox',
    profiles: [
      {
        id: 'sandbox',
        kind: 'sandbox',
        name: 'Local sandbox network',
        defaultNodeId: null,
        chainAuth: 'apiKey',
        rpcKeyPlacement: 'header',
        rpcSeparator: '_',
        ledgerAuthPlacement: 'header',
      },
    ],
    savedParties: [],
    preferences: {
      theme: 'system',
      timeZone: 'local',
      timeFormat: 'absolute',
      transfersTable: { columnVisibility: {}, columnOrder: [], columnSizing: {} },
      dismissedKeychainNotices: {},
    },
  };
}
