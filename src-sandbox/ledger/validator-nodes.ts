/**
 * The sandbox's validator nodes: a default, a second healthy one that lags (NODE_LAG_MICROS), and one
 * in quarantine. Between them a node comparison (docs/node-comparison.md) has something to show.
 */
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

/**
 * How far behind the newest transfer a node's view of the ledger is: validator-2 has not yet seen the
 * last two days of ledger time (transfers appended while the sandbox runs included), so it serves
 * the same legs as validator-1 except the newest ones. Kept apart from VALIDATOR_NODES, whose shape
 * the sandbox CLI prints.
 */
export const NODE_LAG_MICROS: Readonly<Record<string, number>> = { 'validator-2': 2 * 86_400 * 1_000_000 };

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
