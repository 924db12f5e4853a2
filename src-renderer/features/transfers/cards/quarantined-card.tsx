// 503 with the quarantined-node body (spec 2.5): which node, on which network, why, and the
// other nodes this profile knows, one click away.
import type { BridgeErrorShape } from '../../../../src-shared/contract/errors.ts';
import type { NodeChoices } from '../../../../src-shared/contract/transfers.ts';

interface QuarantinedNode {
  error: string | null;
  nodeId: string | null;
  status: string | null;
  network: string | null;
  detail: string | null;
}

export function QuarantinedCard({
  error,
  nodes,
  onUseNode,
}: {
  error: BridgeErrorShape;
  nodes: NodeChoices | undefined;
  onUseNode: (nodeId: string) => void;
}) {
  const q = error.details?.quarantine as QuarantinedNode | undefined;
  const others = (nodes?.known ?? []).filter((n) => n.id !== q?.nodeId && n.note !== 'quarantined');
  return (
    <section className="panel status-card status-card-error" role="alert" aria-label="Node quarantined">
      <h3>Validator node {q?.nodeId ?? '(unnamed)'} is quarantined</h3>
      <dl className="facts">
        <dt>Network</dt>
        <dd>{q?.network ?? '—'}</dd>
        <dt>Status</dt>
        <dd>{q?.status ?? '—'}</dd>
        <dt>Detail</dt>
        <dd>{q?.detail ?? q?.error ?? '—'}</dd>
      </dl>
      {others.length > 0 ? (
        <div className="button-row">
          <span>Ask another node:</span>
          {others.map((node) => (
            <button key={node.id} type="button" onClick={() => onUseNode(node.id)}>
              Use {node.id}
              {node.note ? ` (${node.note})` : ''}
            </button>
          ))}
        </div>
      ) : (
        <p className="muted">This profile knows no other node: set one in the profile, or try again later.</p>
      )}
    </section>
  );
}
