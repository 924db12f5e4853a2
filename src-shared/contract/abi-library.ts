// The ABI library of a profile: built-in standards, the sandbox's own contracts (sandbox profile
// only) and the ABIs the user saved. The ABI text is checked by the same parseAbiText in the
// renderer (at the field) and in main's service (not in this schema: main loads the checker and
// the built-in ABIs on first use, to keep them out of its start-up bundle). A malformed ABI is
// refused naming its first bad entry, at the path `abiText`, and nothing is saved.
import { z } from 'zod';
import type { AbiJsonItem } from '../abi/abi-json.ts';
import { MAX_ABI_TEXT_BYTES } from '../abi/abi-limits.ts';
import { PROFILE_ID } from './schemas.ts';

export type { AbiJsonItem };

export interface AbiLibraryEntry {
  /** 16 hex digits for a saved ABI; `builtin-…` or `sandbox-…` for the ones the app brings. */
  id: string;
  name: string;
  /** Where the contract lives, as typed (main checks the form; the renderer checks the EIP-55 checksum). */
  address: string | null;
  abi: AbiJsonItem[];
  builtin: boolean;
  savedAt: string | null;
}

/** `abi:list`'s answer: the entries, and why saved ones may be missing (a file set aside, a failed write). */
export interface AbiLibraryView {
  entries: AbiLibraryEntry[];
  problem: string | null;
}

export const MAX_ABI_NAME_LENGTH = 80;

export const AbiName = z
  .string({ error: 'expected string' })
  .trim()
  .min(1, 'give the contract a name')
  .max(MAX_ABI_NAME_LENGTH, `at most ${MAX_ABI_NAME_LENGTH} characters`);

/**
 * 0x and 40 hex digits, any case. Main has no keccak without a new dependency, so the EIP-55
 * checksum of a mixed-case address is checked in the renderer (viem), where it is typed.
 */
export const AbiAddress = z
  .string({ error: 'expected string' })
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'an address is 0x followed by 40 hex digits');

export const AbiText = z
  .string({ error: 'expected string' })
  // A cheap bound before any parsing (3 bytes per UTF-16 unit at most); parseAbiText counts exactly.
  .max(MAX_ABI_TEXT_BYTES, `the ABI is over ${MAX_ABI_TEXT_BYTES / 1024 / 1024} MB; paste the "abi" array only`);

export const AbiSaveInput = z.strictObject({
  profileId: PROFILE_ID,
  name: AbiName,
  address: AbiAddress.nullable().optional(),
  abiText: AbiText,
});
export type AbiSaveInput = z.input<typeof AbiSaveInput>;

export const AbiEntryId = z.string({ error: 'expected string' }).regex(/^[a-z0-9-]{1,64}$/, 'ABI id');

export const AbiDeleteInput = z.strictObject({ profileId: PROFILE_ID, id: AbiEntryId });
export type AbiDeleteInput = z.input<typeof AbiDeleteInput>;
