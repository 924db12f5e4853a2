// Every channel's name and nothing else. The preload bundles this module, so it must stay free of
// zod: the schemas live in channels.ts, and a Node test (test/src-shared/contract/channel-names.test.ts)
// proves both list exactly the same channels, so they cannot drift apart.

/** Verbs per domain, in the order the bridge object lists them. A channel is named `domain:verb`. */
export const CHANNEL_NAMES = {
  app: ['info', 'cancel', 'nextEvent', 'reveal', 'download'],
  settings: [
    'get',
    'saveProfile',
    'deleteProfile',
    'setActiveProfile',
    'savePreferences',
    'saveParty',
    'removeParty',
    'importParties',
    'exportParties',
  ],
  secrets: ['status', 'set', 'clear', 'sandboxCredential'],
  chains: ['list'],
  transfers: ['page', 'tokenInfo', 'nodes', 'knownParties', 'compareNodes'],
  export: ['start', 'status', 'cancel'],
  rpc: [
    'endpoint',
    'call',
    'history',
    'clearHistory',
    'saveRequest',
    'savedRequests',
    'deleteSaved',
    'curl',
    'snippet',
    'token',
  ],
  abi: ['list', 'save', 'delete'],
  views: ['recent', 'record'],
  report: ['save', 'dashboard'],
  workspace: [
    'environments',
    'saveEnvironment',
    'deleteEnvironment',
    'collections',
    'editCollection',
    'exportCollection',
    'importCollection',
  ],
  local: [
    'stores',
    'status',
    'sync',
    'syncStatus',
    'cancelSync',
    'legs',
    'facets',
    'counterparties',
    'relationship',
    'flows',
    'sql',
    'export',
    'forget',
    'syncAll',
    'syncAllStatus',
    'cancelSyncAll',
    'portfolios',
    'savePortfolio',
    'deletePortfolio',
    'reconcileMapping',
    'reconcile',
    'reconcileExport',
    'aggregates',
    'saveChart',
    'lake',
    'openLake',
    'closeLake',
  ],
  notebook: [
    'list',
    'read',
    'save',
    'create',
    'rename',
    'delete',
    'openFolder',
    'changes',
    'dashboard',
    'saveDashboard',
  ],
} as const;

type Names = typeof CHANNEL_NAMES;
export type ChannelName = { [D in keyof Names]: `${D}:${Names[D][number]}` }[keyof Names];

export interface ChannelId {
  domain: keyof Names;
  verb: string;
  name: ChannelName;
}

/** Every channel, flattened, in the order of CHANNEL_NAMES. */
export const CHANNEL_IDS: readonly ChannelId[] = Object.entries(CHANNEL_NAMES).flatMap(([domain, verbs]) =>
  verbs.map((verb) => ({ domain: domain as keyof Names, verb, name: `${domain}:${verb}` as ChannelName })),
);

/** The name the API object is exposed under on `window`. */
export const BRIDGE_GLOBAL = 'ledger';
