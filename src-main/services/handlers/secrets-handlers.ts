import { clearSecret, sandboxCredential, saveSecret, secretStatus } from '../credentials/profile-secrets.ts';
import type { Handlers } from '../dispatch.ts';
import type { ServiceContext } from '../service-context.ts';

export function secretsHandlers(ctx: ServiceContext): Handlers['secrets'] {
  return {
    status: (profileId) => secretStatus(ctx, profileId),
    set: (profileId, kind, value) => saveSecret(ctx, profileId, kind, value),
    clear: (profileId, kind) => clearSecret(ctx, profileId, kind),
    sandboxCredential: (profileId, kind) => sandboxCredential(ctx, profileId, kind),
  };
}
