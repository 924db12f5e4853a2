// The console's request as a view a link opens (docs/links.md): as written, {{variables}} and all,
// never resolved and never the key (main refuses a link that would hold a saved secret).
import type { ViewTarget } from '../../../src-shared/contract/views.ts';
import type { ConsoleDraft } from './rpc-console-store.ts';

export function requestTarget(profile: string, draft: ConsoleDraft): ViewTarget {
  const base = { kind: 'rpc' as const, profile, chain: draft.chain.trim(), nodeType: draft.nodeType };
  return draft.mode === 'batch'
    ? { ...base, batch: draft.batchText }
    : { ...base, method: draft.method.trim(), params: draft.paramsText };
}
