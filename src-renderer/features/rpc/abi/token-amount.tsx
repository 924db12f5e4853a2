// A token amount scaled by the token's decimals, beside the raw integer the contract returned: "= 92,000,000.000000
// SBD". decimals() and symbol() are asked of the node (through main, once per chain and address, kept for the
// session). A contract that does not answer decimals() is not treated as a token: the raw integer stands alone,
// with no message (nothing went wrong that the user asked for).
import { createContext, useContext } from 'react';
import type { NodeType } from '../../../../src-shared/contract/rpc.ts';
import { useTokenInfo } from '../../../data/rpc.ts';
import { baseUnitsText } from '../../../ui/amount-text.ts';

/** Where the decoded answer came from: the node its token calls go to. */
export const AnswerTarget = createContext<{ profileId: string | undefined; chain: string; nodeType: NodeType } | null>(
  null,
);

export function TokenAmount({ raw, address }: { raw: string; address: string }) {
  const target = useContext(AnswerTarget);
  const info = useTokenInfo(
    target?.profileId,
    target ? { chain: target.chain, nodeType: target.nodeType, address } : null,
  );
  const decimals = info.data?.decimals ?? null;
  if (decimals === null) return null;
  const scaled = baseUnitsText(raw, decimals);
  if (scaled === null) return null;
  return (
    <span className="abi-token-amount" data-testid="abi-token-amount">
      {' '}
      = {scaled}
      {info.data?.symbol ? ` ${info.data.symbol}` : ''} <span className="muted">({decimals} decimals)</span>
    </span>
  );
}
