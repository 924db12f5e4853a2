import { randomBytes } from 'node:crypto';
import type { Profile, RemoteProfile } from '../../../src-shared/contract/schemas.ts';
import { ServiceError } from '../errors.ts';
import type { ServiceContext } from '../service-context.ts';
import type { Handlers } from './dispatch.ts';

export function settingsHandlers(ctx: ServiceContext): Handlers['settings'] {
  const { settings, credentials } = ctx;
  return {
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
