// Composes the plain-Node services of main. The Electron shell and the browser test bridge
// both start the app through this, so they run the same handlers against the same services.
import { randomBytes } from 'node:crypto';
import type { AppInfo, Profile, RemoteProfile, SecretKind } from '../../src-shared/contract/schemas.ts';
import { fetchChainListing } from './chains/chains-client.ts';
import { serviceUrls } from './connection.ts';
import { CredentialStore, type CredentialStoreOptions } from './credentials/credential-store.ts';
import { ServiceError } from './errors.ts';
import { createDispatch, type Dispatch, type Handlers } from './handlers/dispatch.ts';
import { type SandboxNetwork, startSandboxNetwork } from './sandbox/sandbox-network.ts';
import { SettingsStore } from './settings/settings-store.ts';

export interface AppServicesOptions {
  userDataDir: string;
  version: string;
  transport: AppInfo['transport'];
  keychain?: CredentialStoreOptions;
  /** Start the in-process sandbox network for the built-in profile (default true). */
  sandbox?: boolean | { seed?: number };
  log?: (line: string) => void;
}

export interface AppServices {
  dispatch: Dispatch;
  settings: SettingsStore;
  credentials: CredentialStore;
  sandbox: SandboxNetwork | null;
  close(): Promise<void>;
}

export async function startAppServices(options: AppServicesOptions): Promise<AppServices> {
  const log = options.log ?? (() => {});
  const [settings, credentials] = await Promise.all([
    SettingsStore.open(options.userDataDir),
    CredentialStore.open(options.keychain),
  ]);
  let sandbox: SandboxNetwork | null = null;
  let sandboxError: string | null = null;
  if (options.sandbox !== false) {
    try {
      sandbox = await startSandboxNetwork(typeof options.sandbox === 'object' ? options.sandbox : {});
    } catch (error) {
      sandboxError = `The local sandbox network could not start: ${(error as Error).message}`;
      log(sandboxError);
    }
  }

  const profile = (id: string): Profile => {
    const found = settings.settings.profiles.find((p) => p.id === id);
    if (!found) throw new ServiceError('not_found', `No connection profile "${id}"`);
    return found;
  };

  /** The secret main uses for a call: the user's own, else the sandbox network's built-in one. */
  const secretFor = async (p: Profile, kind: SecretKind): Promise<string | null> => {
    const stored = await credentials.get(p.id, kind);
    if (stored) return stored;
    if (p.kind === 'sandbox' && sandbox) {
      if (kind === 'apiKey') return sandbox.credentials.apiKey;
      if (kind === 'partnerToken') return sandbox.credentials.partnerToken;
    }
    return null;
  };

  const secretStatus = async (profileId: string) => {
    const p = profile(profileId);
    const status = await credentials.status(p.id);
    if (p.kind === 'sandbox' && sandbox) {
      for (const kind of ['apiKey', 'partnerToken'] as const) {
        if (!status[kind].present) status[kind] = { present: true, hint: null, source: 'sandbox' };
      }
    }
    return status;
  };

  const requireSecret = async (p: Profile, kind: SecretKind, label: string): Promise<string> => {
    const secret = await secretFor(p, kind);
    if (!secret) throw new ServiceError('unauthorized', `No ${label} saved for "${p.name}": add it in Settings.`);
    return secret;
  };

  const handlers: Handlers = {
    app: {
      info: async () => ({
        version: options.version,
        platform: process.platform,
        secretStorage: credentials.storageInfo(),
        sandbox: { running: sandbox !== null, baseUrl: sandbox?.urls.baseUrl ?? null, error: sandboxError },
        transport: options.transport,
      }),
    },
    settings: {
      get: async () => settings.view(),
      saveProfile: async (input) => {
        const id = input.id ?? newProfileId(input.name);
        const saved: Profile = { ...input, id, kind: 'remote' };
        let previous: Profile | undefined;
        await settings.update((draft) => {
          // Checks run inside the update, so a concurrent delete cannot slip in between.
          const index = draft.profiles.findIndex((p) => p.id === id);
          previous = draft.profiles[index];
          if (previous?.kind === 'sandbox')
            throw new ServiceError('invalid_argument', 'The sandbox profile cannot be edited.');
          if (input.id && !previous) throw new ServiceError('not_found', `No connection profile "${input.id}"`);
          if (index >= 0) draft.profiles[index] = saved;
          else draft.profiles.push(saved);
        });
        // Secrets were given for the old addresses: never send them to a host the user did not save them for.
        const secretsCleared = previous?.kind === 'remote' && addressesChanged(previous, saved);
        if (secretsCleared) await credentials.deleteProfile(id);
        return { profile: saved, secretsCleared };
      },
      deleteProfile: async (id) => {
        const view = await settings.update((draft) => {
          const target = draft.profiles.find((p) => p.id === id);
          if (!target) throw new ServiceError('not_found', `No connection profile "${id}"`);
          if (target.kind === 'sandbox')
            throw new ServiceError('invalid_argument', 'The sandbox profile cannot be deleted.');
          draft.profiles = draft.profiles.filter((p) => p.id !== id);
          if (draft.activeProfileId === id) draft.activeProfileId = 'sandbox';
        });
        await credentials.deleteProfile(id);
        return view;
      },
      setActiveProfile: async (id) =>
        settings.update((draft) => {
          if (!draft.profiles.some((p) => p.id === id))
            throw new ServiceError('not_found', `No connection profile "${id}"`);
          draft.activeProfileId = id;
        }),
      savePreferences: async (patch) =>
        settings.update((draft) => {
          draft.preferences = { ...draft.preferences, ...patch };
        }),
      saveParty: async (party) =>
        settings.update((draft) => {
          draft.savedParties = [...draft.savedParties.filter((p) => p.party !== party.party), party];
        }),
      removeParty: async (party) =>
        settings.update((draft) => {
          draft.savedParties = draft.savedParties.filter((p) => p.party !== party);
        }),
    },
    secrets: {
      status: secretStatus,
      set: async (profileId, kind, value) => {
        await credentials.set(profile(profileId).id, kind, value);
        return secretStatus(profileId);
      },
      clear: async (profileId, kind) => {
        await credentials.delete(profile(profileId).id, kind);
        return secretStatus(profileId);
      },
    },
    chains: {
      list: async (profileId) => {
        const p = profile(profileId);
        const urls = serviceUrls(p, sandbox);
        return p.chainAuth === 'apiKey'
          ? fetchChainListing({
              auth: {
                kind: 'apiKey',
                apiKey: await requireSecret(p, 'apiKey', 'API key'),
                translateUrl: urls.translateUrl,
              },
            })
          : fetchChainListing({
              auth: {
                kind: 'partnerBearer',
                token: await requireSecret(p, 'partnerToken', 'marketplace-partner token'),
                partnerUrl: urls.partnerUrl,
              },
            });
      },
    },
  };

  return {
    dispatch: createDispatch(handlers, log),
    settings,
    credentials,
    sandbox,
    close: async () => {
      await sandbox?.close();
    },
  };
}

const URL_FIELDS = ['baseUrl', 'translateUrl', 'partnerUrl', 'rpcUrl'] as const;

function addressesChanged(before: RemoteProfile, after: RemoteProfile): boolean {
  return URL_FIELDS.some((field) => new URL(before[field]).origin !== new URL(after[field]).origin);
}

function newProfileId(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${slug || 'profile'}-${randomBytes(3).toString('hex')}`;
}
