// The ABI library as main's channels reach it: the profile is checked at once, the library itself
// (the ABI checker, the built-in and sandbox ABIs, the store) is loaded with import() on first use.
import type { z } from 'zod';
import type {
  AbiDeleteInput,
  AbiLibraryEntry,
  AbiLibraryView,
  AbiSaveInput,
} from '../../../src-shared/contract/abi-library.ts';
import type { ServiceContext } from '../service-context.ts';
import type { AbiLibrary } from './abi-library.ts';

export class AbiLibraryHost {
  private loading: Promise<AbiLibrary> | null = null;
  private readonly ctx: ServiceContext;
  private readonly userDataDir: string;

  constructor(ctx: ServiceContext, userDataDir: string) {
    this.ctx = ctx;
    this.userDataDir = userDataDir;
  }

  async list(profileId: string): Promise<AbiLibraryView> {
    const profile = this.ctx.profile(profileId);
    return (await this.library()).list(profile);
  }

  async save(input: z.output<typeof AbiSaveInput>): Promise<AbiLibraryEntry> {
    const profile = this.ctx.profile(input.profileId);
    return (await this.library()).save(profile, input);
  }

  async delete(input: z.output<typeof AbiDeleteInput>): Promise<AbiLibraryView> {
    const profile = this.ctx.profile(input.profileId);
    return (await this.library()).delete(profile, input);
  }

  /** After a profile is deleted: its saved ABIs are removed from disk too. */
  async forgetProfile(profileId: string): Promise<void> {
    await (await this.library()).forgetProfile(profileId);
  }

  async close(): Promise<void> {
    const library = await this.loading?.catch(() => null);
    await library?.close();
  }

  private library(): Promise<AbiLibrary> {
    this.loading ??= import('./abi-library.ts').then((module) => new module.AbiLibrary(this.userDataDir));
    return this.loading;
  }
}
