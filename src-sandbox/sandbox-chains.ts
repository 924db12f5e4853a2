/**
 * The chains of the sandbox network. Shape of one item (the spec does not show one; see
 * docs/service-decisions.md): name (used in node-access addresses), chainId, displayName,
 * ecosystem, nativeCurrency {symbol, decimals}, nodeTypes.
 */
export interface SandboxChain {
  name: string;
  chainId: number;
  displayName: string;
  ecosystem: 'evm';
  nativeCurrency: { symbol: string; decimals: number };
  nodeTypes: Array<'full' | 'archive'>;
}

export const SANDBOX_CHAINS: readonly SandboxChain[] = [
  {
    name: 'ethereum',
    chainId: 31337,
    displayName: 'Sandbox Ethereum',
    ecosystem: 'evm',
    nativeCurrency: { symbol: 'ETH', decimals: 18 },
    nodeTypes: ['full', 'archive'],
  },
  {
    name: 'polygon',
    chainId: 31338,
    displayName: 'Sandbox Polygon',
    ecosystem: 'evm',
    nativeCurrency: { symbol: 'POL', decimals: 18 },
    nodeTypes: ['full', 'archive'],
  },
  {
    name: 'base',
    chainId: 31339,
    displayName: 'Sandbox Base',
    ecosystem: 'evm',
    nativeCurrency: { symbol: 'ETH', decimals: 18 },
    nodeTypes: ['full', 'archive'],
  },
];
