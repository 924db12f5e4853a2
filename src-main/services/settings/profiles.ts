// Changes to what settings.json holds: connection profiles, the active profile, preferences and
// saved parties. Each check runs inside the store's serialised update, so a concurrent change
// cannot slip in between the check and the write.
import { randomBytes } from 'node:crypto';
import type {
  Preferences,
  Profile,
  RemoteProfile,
  SavedParty,
  SettingsView,
} from '../../../src-shared/contract/schemas.ts';
import { ServiceError } from '../errors.ts';
import type { ServiceContext } from '../service-context.ts';

/** Creates (no id) or replaces a remote profile. Secrets are dropped when its addresses move to another origin. */
export async function saveProfile(
  { settings, credentials }: ServiceContext,
  input: Omit<RemoteProfile, 'id' | 'kind'> & { id?: string },
): Promise<{ profile: Profile; secretsCleared: boolean }> {
  const id = input.id ?? newProfileId(input.name);
  const saved: Profile = { ...input, id, kind: 'remote' };
  let previous: Profile | undefined;
  await settings.update((draft) => {
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
}

export async function deleteProfile({ settings, credentials }: ServiceContext, id: string): Promise<SettingsView> {
  const view = await settings.update((draft) => {
    const target = draft.profiles.find((p) => p.id === id);
    if (!target) throw new ServiceError('not_found', `No connection profile "${id}"`);
    if (target.kind === 'sandbox') throw new ServiceError('invalid_argument', 'The sandbox profile cannot be deleted.');
    draft.profiles = draft.profiles.filter((p) => p.id !== id);
    if (draft.activeProfileId === id) draft.activeProfileId = 'sandbox';
    // A profile made later under the same id is a new one: it has dismissed nothing.
    const { [id]: _gone, ...dismissed } = draft.preferences.dismissedKeychainNotices;
    draft.preferences.dismissedKeychainNotices = dismissed;
  });
  await credentials.deleteProfile(id);
  return view;
}

export function setActiveProfile({ settings }: ServiceContext, id: string): Promise<SettingsView> {
  return settings.update((draft) => {
    if (!draft.profiles.some((p) => p.id === id)) throw new ServiceError('not_found', `No connection profile "${id}"`);
    draft.activeProfileId = id;
  });
}

export function savePreferences({ settings }: ServiceContext, patch: Partial<Preferences>): Promise<SettingsView> {
  return settings.update((draft) => {
    draft.preferences = { ...draft.preferences, ...patch };
  });
}

/**
 * Saves a party (replacing an earlier entry for the same id). A colour or note left out keeps the
 * entry's own: the party picker saves a label only and must not wipe what the address book holds.
 */
export function saveParty({ settings }: ServiceContext, party: SavedPartyChange): Promise<SettingsView> {
  return settings.update((draft) => {
    const before = draft.savedParties.find((p) => p.party === party.party);
    const saved: SavedParty = {
      party: party.party,
      label: party.label,
      colour: party.colour ?? before?.colour ?? 'none',
      note: party.note ?? before?.note ?? '',
    };
    draft.savedParties = [...draft.savedParties.filter((p) => p.party !== party.party), saved];
  });
}

/** What saveParty takes: the stored entry with colour and note optional. */
export type SavedPartyChange = Pick<SavedParty, 'party' | 'label'> & Partial<Pick<SavedParty, 'colour' | 'note'>>;

export function removeParty({ settings }: ServiceContext, party: string): Promise<SettingsView> {
  return settings.update((draft) => {
    draft.savedParties = draft.savedParties.filter((p) => p.party !== party);
  });
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
