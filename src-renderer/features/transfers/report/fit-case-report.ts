// A case report is checked against its schema's bounds (src-shared/contract/case-report.ts) and
// refused whole when one value is over. One odd value (a node's 3,000-character error, a long
// status) must not cost the agent the report: over-long texts are shortened here, with an ellipsis
// so the reader sees it, and lists are cut to their bounds (docs/case-report.md). The numbers
// mirror the schema's; the test checks the result passes it.
import type { NodeCompareRow, NodeComparison } from '../../../../src-shared/contract/node-compare.ts';
import type { TransferLeg } from '../../../../src-shared/contract/transfers.ts';

const LEG_TEXT_MAX = {
  updateId: 512,
  effectiveAt: 64,
  instrumentAdmin: 512,
  instrumentId: 512,
  symbol: 256,
  amount: 200,
  senderParty: 512,
  receiverParty: 512,
  counterparty: 512,
  status: 256,
} as const satisfies Partial<Record<keyof TransferLeg, number>>;

const NODE_NAME_MAX = 200;
const NODE_DETAIL_MAX = 2000;
const NODES_MAX = 64;
const DIFFERENCES_MAX = 1000;

/** `text` within `max` characters: cut with a trailing "…" when longer (never splitting a surrogate pair). */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  let head = text.slice(0, max - 1);
  const last = head.charCodeAt(head.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) head = head.slice(0, -1);
  return `${head}…`;
}

const shortenOrNull = (text: string | null, max: number) => (text === null ? null : shorten(text, max));

export function fitLeg(leg: TransferLeg): TransferLeg {
  const fitted = { ...leg };
  for (const [field, max] of Object.entries(LEG_TEXT_MAX) as Array<[keyof typeof LEG_TEXT_MAX, number]>) {
    fitted[field] = shortenOrNull(leg[field], max);
  }
  return fitted;
}

const fitNames = (names: string[]) => names.slice(0, NODES_MAX).map((n) => shorten(n, NODE_NAME_MAX));

function fitNode(node: NodeCompareRow): NodeCompareRow {
  return {
    ...node,
    nodeId: shorten(node.nodeId, NODE_NAME_MAX),
    detail: shortenOrNull(node.detail, NODE_DETAIL_MAX),
    newestEffectiveAt: shortenOrNull(node.newestEffectiveAt, LEG_TEXT_MAX.effectiveAt),
  };
}

export function fitComparison(comparison: NodeComparison | null): NodeComparison | null {
  if (!comparison) return null;
  return {
    ...comparison,
    nodes: comparison.nodes.slice(0, NODES_MAX).map(fitNode),
    differences: comparison.differences.slice(0, DIFFERENCES_MAX).map((d) => ({
      leg: fitLeg(d.leg),
      presentOn: fitNames(d.presentOn),
      missingOn: fitNames(d.missingOn),
    })),
  };
}
