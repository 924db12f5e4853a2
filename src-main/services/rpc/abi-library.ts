// A profile's ABI library as the channels see it: the built-in standards, the sandbox's deployed
// contracts (the sandbox profile only), then the ABIs the profile saved. Loaded by AbiLibraryHost
// with import() on first use, so the ABI checker and the built-in ABIs stay out of main's start-up bundle.

import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parseAbiText } from '../../../src-shared/abi/abi-json.ts';
import { BUILTIN_ABIS } from '../../../src-shared/abi/builtin-abis.ts';
import { SANDBOX_CONTRACTS } from '../../../src-shared/abi/sandbox-contracts.ts';
import { withStandardNames } from '../../../src-shared/abi/standard-names.ts';
import type { AbiDeleteInput, AbiLibraryEntry, AbiLibraryView } from '../../../src-shared/contract/abi-library.ts';
import type { Profile } from '../../../src-shared/contract/schemas.ts';
import { ServiceError } from '../errors.ts';
import { ABI_LIBRARY_DIR, AbiLibraryStore } from './abi-library-store.ts';

type SaveInput = { name: string; address?: string | null; abiText: string };

/** What the app brings for a profile, in the order listed: standards first, then the sandbox's contracts. */
export function builtinEntries(profile: Profile): AbiLibraryEntry[] {
  const standards = BUILTIN_ABIS.map(({ id, name, abi }) => ({
    id,
    name,
    address: null,
    abi: structuredClone([...abi]),
  }));
  const sandbox =
    profile.kind === 'sandbox'
      ? SANDBOX_CONTRACTS.map(({ name, address, abi }) => ({
          id: `sandbox-${address.toLowerCase()}`,
          name,
          address,
          // solc leaves a public mapping's parameters unnamed: the standards' names fill them in.
          abi: withStandardNames(structuredClone(abi) as unknown as AbiLibraryEntry['abi']),
        }))
      : [];
  return [...standards, ...sandbox].map((entry) => ({ ...entry, builtin: true, savedAt: null }));
}

export class AbiLibrary {
  private readonly stores = new Map<string, Promise<AbiLibraryStore>>();
  private readonly userDataDir: string;

  constructor(userDataDir: string) {
    this.userDataDir = userDataDir;
  }

  async list(profile: Profile): Promise<AbiLibraryView> {
    const store = await this.store(profile.id);
    return { entries: [...builtinEntries(profile), ...store.saved()], problem: store.problem };
  }

  /** Checks the pasted ABI (naming its first bad entry at `abiText`), then saves it; nothing is saved on a refusal. */
  async save(profile: Profile, input: SaveInput): Promise<AbiLibraryEntry> {
    const parsed = parseAbiText(input.abiText);
    if (!parsed.ok) {
      throw new ServiceError('invalid_argument', `abiText: ${parsed.message}`, {
        issues: [{ path: ['0', 'abiText'], message: parsed.message }],
      });
    }
    const clash = builtinEntries(profile).find((entry) => entry.name.toLowerCase() === input.name.toLowerCase());
    if (clash) {
      const message = `"${clash.name}" is a built-in ABI; give yours another name`;
      throw new ServiceError('invalid_argument', `name: ${message}`, { issues: [{ path: ['0', 'name'], message }] });
    }
    const store = await this.store(profile.id);
    return store.save({ name: input.name, address: input.address ?? null, abi: parsed.abi });
  }

  async delete(profile: Profile, { id }: Pick<AbiDeleteInput, 'id'>): Promise<AbiLibraryView> {
    const builtin = builtinEntries(profile).find((entry) => entry.id === id);
    if (builtin) throw new ServiceError('invalid_argument', `${builtin.name} is built in and cannot be deleted.`);
    await (await this.store(profile.id)).delete(id);
    return this.list(profile);
  }

  /** A deleted profile's saved ABIs go with it (a later profile must not inherit them). */
  async forgetProfile(profileId: string): Promise<void> {
    const opening = this.stores.get(profileId);
    this.stores.delete(profileId);
    const store = opening ? await opening.catch(() => null) : null;
    await store?.flushed().catch(() => {});
    await rm(join(this.userDataDir, ABI_LIBRARY_DIR, `${profileId}.json`), { force: true });
  }

  /** Before quitting: the last writes are on disk. */
  async close(): Promise<void> {
    for (const opening of this.stores.values()) {
      const store = await opening.catch(() => null);
      await store?.flushed().catch(() => {});
    }
  }

  private store(profileId: string): Promise<AbiLibraryStore> {
    let opening = this.stores.get(profileId);
    if (!opening) {
      opening = AbiLibraryStore.open(this.userDataDir, profileId);
      // A failed open (a full disk making the folder) is tried again next time.
      opening.catch(() => this.stores.delete(profileId));
      this.stores.set(profileId, opening);
    }
    return opening;
  }
}
