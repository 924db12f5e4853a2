import type { Handlers } from '../dispatch.ts';
import type { ServiceContext } from '../service-context.ts';
import {
  deleteProfile,
  removeParty,
  saveParty,
  savePreferences,
  saveProfile,
  setActiveProfile,
} from '../settings/profiles.ts';

/** `profileDeleted`: what else main keeps per profile (the saved ABIs) is removed with it. */
export function settingsHandlers(
  ctx: ServiceContext,
  profileDeleted: (id: string) => Promise<void> = async () => {},
): Handlers['settings'] {
  return {
    get: async () => ctx.settings.view(),
    saveProfile: (input) => saveProfile(ctx, input),
    deleteProfile: async (id) => {
      const view = await deleteProfile(ctx, id);
      await profileDeleted(id);
      return view;
    },
    setActiveProfile: (id) => setActiveProfile(ctx, id),
    savePreferences: (patch) => savePreferences(ctx, patch),
    saveParty: (party) => saveParty(ctx, party),
    removeParty: (party) => removeParty(ctx, party),
    importParties: async (text) => (await import('../settings/address-book.ts')).importParties(ctx, text),
    exportParties: async () => (await import('../settings/address-book.ts')).exportParties(ctx),
  };
}
