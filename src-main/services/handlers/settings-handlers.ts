import type { ServiceContext } from '../service-context.ts';
import {
  deleteProfile,
  removeParty,
  saveParty,
  savePreferences,
  saveProfile,
  setActiveProfile,
} from '../settings/profiles.ts';
import type { Handlers } from './dispatch.ts';

export function settingsHandlers(ctx: ServiceContext): Handlers['settings'] {
  return {
    get: async () => ctx.settings.view(),
    saveProfile: (input) => saveProfile(ctx, input),
    deleteProfile: (id) => deleteProfile(ctx, id),
    setActiveProfile: (id) => setActiveProfile(ctx, id),
    savePreferences: (patch) => savePreferences(ctx, patch),
    saveParty: (party) => saveParty(ctx, party),
    removeParty: (party) => removeParty(ctx, party),
  };
}
