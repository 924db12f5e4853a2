// STUB: replaced by the helper that owns export from the store.
import type { LocalExportSource } from '../../../../src-shared/contract/local-ledger.ts';

export function LocalExportMenu(_props: { profileId: string; source: LocalExportSource; label?: string }) {
  return null;
}
