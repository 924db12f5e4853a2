// Every bad-input table, in the order docs/bad-input.md lists them.
import type { BadInputTable } from './bad-input-case.ts';
import { bridgeChannels } from './bridge-channels.ts';
import { rpcConsole } from './rpc-console.ts';
import { profileForm, savedParties, secretsFields } from './settings-forms.ts';
import { transferFilters } from './transfer-filters.ts';

export const BAD_INPUT_TABLES: ReadonlyArray<BadInputTable<unknown>> = [
  transferFilters,
  savedParties,
  rpcConsole,
  profileForm,
  secretsFields,
  bridgeChannels,
] as ReadonlyArray<BadInputTable<unknown>>;
