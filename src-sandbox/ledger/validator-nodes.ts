/** The sandbox's validator nodes: a default, a second healthy one, and one in quarantine. */
export interface ValidatorNode {
  id: string;
  default: boolean;
  state: 'healthy' | 'quarantined';
}

export const SANDBOX_NETWORK_NAME = 'sandbox-devnet';

export const VALIDATOR_NODES: readonly ValidatorNode[] = [
  { id: 'validator-1', default: true, state: 'healthy' },
  { id: 'validator-2', default: false, state: 'healthy' },
  { id: 'validator-3', default: false, state: 'quarantined' },
];

/** The 503 body of a quarantined node (spec 2.5). */
export function quarantinedBody(node: ValidatorNode) {
  return {
    error: 'validator node is quarantined',
    nodeId: node.id,
    status: 'quarantined',
    network: SANDBOX_NETWORK_NAME,
    detail: `${node.id} failed its ledger-integrity check and serves no reads until an operator releases it; use another node`,
  };
}
