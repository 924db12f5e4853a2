// One column of Side by side: where the call went, HTTP status, time and size, then the answer's
// tree with what differs marked, or the problem when that side failed (the other column still shows).
import { formatBytes, type RpcBody } from '../../../../src-shared/contract/rpc.ts';
import type { CompareTarget, CompareSide as Side } from '../../../data/rpc.ts';
import { rateLimitedTitle } from '../../../ui/error-message.tsx';
import { JsonTree, type TreeMark } from '../json-tree.tsx';

interface CompareSideProps {
  name: 'A' | 'B';
  target: CompareTarget;
  profileName: string;
  side: Side | null;
  /** The side's answer, parsed once by the panel (null while waiting or when it failed). */
  json: unknown;
  body: RpcBody;
  marks: ReadonlyMap<string, TreeMark>;
  focus: { path: string; seq: number } | null;
}

const methodOf = (body: RpcBody) => () => (Array.isArray(body) ? null : body.method);

export function CompareSide({ name, target, profileName, side, json, body, marks, focus }: CompareSideProps) {
  const where = `${target.chain}_${target.nodeType}`;
  return (
    <section
      className="rpc-compare-side"
      aria-label={`Answer ${name}`}
      aria-busy={side === null || undefined}
      data-testid={`rpc-compare-${name}`}
    >
      <h3 className="subheading">
        {name}: {where} <span className="muted">({profileName})</span>
      </h3>
      {side === null && (
        <p className="muted" role="status">
          Waiting for {where}…
        </p>
      )}
      {side?.error && <SideFailure error={side.error} />}
      {side?.result && (
        <>
          <p className="rpc-answer-meta">
            <span data-testid="rpc-compare-status">HTTP {side.result.status}</span>
            <span data-testid="rpc-compare-elapsed">{side.result.elapsedMs.toFixed(1)} ms</span>
            <span data-testid="rpc-compare-size">{formatBytes(side.result.sizeBytes)}</span>
          </p>
          <RpcErrorLine json={json} />
          <JsonTree
            root={json}
            methodAt={methodOf(body)}
            symbol={null}
            label={`Answer ${name} JSON`}
            marks={marks}
            focus={focus}
          />
        </>
      )}
    </section>
  );
}

/** The side's failure as the answer pane words it: what happened, the code, main's message. */
function SideFailure({ error }: { error: NonNullable<Side['error']> }) {
  const status = error.details?.status;
  return (
    <div data-testid="rpc-compare-failure">
      <p className="rpc-answer-meta">
        <span className="danger">{typeof status === 'number' ? `HTTP ${status}` : 'no HTTP answer'}</span>
      </p>
      <div className="error-message" role="alert">
        <strong>{rateLimitedTitle(error) ?? 'This side failed.'} </strong>
        <span className="error-code">[{error.code}]</span> {error.message}
      </div>
    </div>
  );
}

/** A single answer that is a JSON-RPC error, said in one line above the tree (as the answer pane does). */
function RpcErrorLine({ json }: { json: unknown }) {
  const error = (json as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (Array.isArray(json) || !error || typeof error !== 'object') return null;
  return (
    <p className="error-message" data-testid="rpc-compare-rpc-error">
      <strong>JSON-RPC error {String(error.code)}</strong>: {String(error.message)}
    </p>
  );
}
