// The last part of a node-access address, `<chain>_<node_type>`. The spec shows `_` but its text
// says hyphen, so both are accepted; splitting on the last one keeps chain names that contain either.

export const NODE_TYPES = ['full', 'archive'] as const;
export type NodeType = (typeof NODE_TYPES)[number];

export type NodeAddress = { chain: string; nodeType: NodeType } | { unknown: string };

export function parseNodeAddress(address: string, chains: readonly string[]): NodeAddress {
  const split = Math.max(address.lastIndexOf('_'), address.lastIndexOf('-'));
  const known = `chains: ${chains.join(', ') || '(none)'}; node types: ${NODE_TYPES.join(', ')}`;
  if (split <= 0 || address.includes('/')) {
    return { unknown: `no node at "${address}": use <chain>_<node_type> (${known})` };
  }
  const chain = address.slice(0, split);
  const nodeType = address.slice(split + 1);
  if (!chains.includes(chain)) return { unknown: `unknown chain "${chain}" (${known})` };
  if (!isNodeType(nodeType)) return { unknown: `unknown node type "${nodeType}" (${known})` };
  return { chain, nodeType };
}

function isNodeType(value: string): value is NodeType {
  return (NODE_TYPES as readonly string[]).includes(value);
}
