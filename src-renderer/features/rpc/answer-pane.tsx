// The answer: HTTP status, round trip, size; JSON-RPC errors as errors; the JSON tree. A failure
// (no JSON, an HTML page, a reset, a timeout, 404, 401) is shown here with the server's words,
// and the console above stays usable.
import { Suspense, useMemo } from 'react';
import type { BridgeErrorShape } from '../../../src-shared/contract/errors.ts';
import { formatBytes, type JsonRpcCall } from '../../../src-shared/contract/rpc.ts';
import type { ConsoleAnswer } from '../../data/rpc.ts';
import { rateLimitedTitle } from '../../ui/error-message.tsx';
import { SectionBoundary } from '../../ui/section-boundary.tsx';
import { wantsDecoding } from './abi/decode-wanted.ts';
import { LazyDecodedPanel } from './abi/lazy-parts.tsx';
import { JsonTree } from './json-tree.tsx';
import { pathKeys } from './json-tree-model.ts';

export function AnswerPane({
  answer,
  pending,
  onCancel,
  symbol,
}: {
  answer: ConsoleAnswer | null;
  pending: { chain: string; nodeType: string } | null;
  onCancel: () => void;
  symbol: string | null;
}) {
  return (
    <section
      className="panel rpc-answer"
      aria-label="Answer"
      aria-busy={pending ? true : undefined}
      data-answer-seq={answer?.seq ?? 0}
    >
      <h2>Answer</h2>
      {pending && (
        <p className="muted" role="status">
          Waiting for {pending.chain}_{pending.nodeType}…{' '}
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </p>
      )}
      {!answer && !pending && <p className="muted">No answer yet. Send a request (Ctrl+Enter).</p>}
      {answer?.error && <FailedAnswer error={answer.error} />}
      {answer?.error && answer.previous?.result && (
        <PreviousAnswer key={answer.previous.seq} answer={answer.previous} symbol={symbol} />
      )}
      {answer?.result && <JsonAnswer key={answer.seq} answer={answer} symbol={symbol} />}
    </section>
  );
}

const FAILURE_TITLES: Partial<Record<BridgeErrorShape['code'], string>> = {
  not_found: 'Unknown chain or node type.',
  unauthorized: 'The key was refused or is missing.',
  forbidden: 'The key may not use this node.',
  timeout: 'No answer in time.',
  network: 'The connection failed.',
  bad_response: "The node's answer could not be read.",
  service_error: 'The node access service failed.',
  cancelled: 'Cancelled.',
  invalid_argument: 'Main refused the request before sending it.',
};

function FailedAnswer({ error }: { error: BridgeErrorShape }) {
  const details = error.details ?? {};
  return (
    <div data-testid="rpc-failure">
      <AnswerMeta
        status={typeof details.status === 'number' ? details.status : null}
        elapsedMs={typeof details.elapsedMs === 'number' ? details.elapsedMs : null}
        sizeBytes={typeof details.sizeBytes === 'number' ? details.sizeBytes : null}
        address={typeof details.address === 'string' ? details.address : null}
      />
      <div className="error-message" role="alert">
        <strong>{rateLimitedTitle(error) ?? FAILURE_TITLES[error.code] ?? 'The request failed.'} </strong>
        <span className="error-code">[{error.code}]</span> {error.message}
      </div>
    </div>
  );
}

function AnswerMeta({
  status,
  elapsedMs,
  sizeBytes,
  address,
}: {
  status: number | null;
  elapsedMs: number | null;
  sizeBytes: number | null;
  address: string | null;
}) {
  return (
    <p className="rpc-answer-meta">
      <span data-testid="rpc-status" className={status !== null && status >= 400 ? 'danger' : undefined}>
        {status === null ? 'no HTTP answer' : `HTTP ${status}`}
      </span>
      {elapsedMs !== null && <span data-testid="rpc-elapsed">{elapsedMs.toFixed(1)} ms</span>}
      {sizeBytes !== null && <span data-testid="rpc-size">{formatBytes(sizeBytes)}</span>}
      {address && <span className="mono muted">{address}</span>}
    </p>
  );
}

/** The answer that arrived before a failed send, kept on screen below the failure. */
function PreviousAnswer({ answer, symbol }: { answer: ConsoleAnswer; symbol: string | null }) {
  const result = answer.result as NonNullable<ConsoleAnswer['result']>;
  const json = useMemo(() => JSON.parse(result.text) as unknown, [result.text]);
  const methodAt = useMemo(() => methodLookup(answer.body, json), [answer.body, json]);
  const what = Array.isArray(answer.body) ? `a batch of ${answer.body.length}` : answer.body.method;
  return (
    <section className="rpc-previous" aria-label="Previous answer" data-testid="rpc-previous-answer">
      <h3 className="subheading">Previous answer, kept</h3>
      <p className="muted" data-testid="rpc-previous-summary">
        {what} on {answer.chain}_{answer.nodeType} · HTTP {result.status} · {formatBytes(result.sizeBytes)}
      </p>
      <JsonTree root={json} methodAt={methodAt} symbol={symbol} label="Previous answer JSON" />
    </section>
  );
}

interface RpcErrorReply {
  id?: unknown;
  error: { code?: unknown; message?: unknown; data?: unknown };
}

function rpcErrors(json: unknown): RpcErrorReply[] {
  const items = Array.isArray(json) ? json : [json];
  return items.filter(
    (item): item is RpcErrorReply =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as RpcErrorReply).error === 'object' &&
      (item as RpcErrorReply).error !== null,
  );
}

function JsonAnswer({ answer, symbol }: { answer: ConsoleAnswer; symbol: string | null }) {
  const result = answer.result as NonNullable<ConsoleAnswer['result']>;
  // Parsed once per answer: main sends the text so a 10 MB answer crosses the bridge as one string.
  const json = useMemo(() => JSON.parse(result.text) as unknown, [result.text]);
  const errors = useMemo(() => rpcErrors(json), [json]);
  const methodAt = useMemo(() => methodLookup(answer.body, json), [answer.body, json]);
  const batchSize = Array.isArray(json) ? json.length : null;

  return (
    <div data-testid="rpc-result">
      <AnswerMeta
        status={result.status}
        elapsedMs={result.elapsedMs}
        sizeBytes={result.sizeBytes}
        address={result.address}
      />
      {batchSize !== null && (
        <p data-testid="rpc-batch-summary">
          {batchSize} answer{batchSize === 1 ? '' : 's'}, {errors.length} error{errors.length === 1 ? '' : 's'}
        </p>
      )}
      {errors.length > 0 && (
        <div className="error-message" role="alert" data-testid="rpc-error">
          {errors.slice(0, 5).map((reply) => (
            <div key={`${JSON.stringify(reply.id)}:${String(reply.error.code)}:${String(reply.error.message)}`}>
              <strong>JSON-RPC error {String(reply.error.code)}</strong>
              {batchSize !== null && ` (id ${JSON.stringify(reply.id)})`}: {String(reply.error.message)}
              {reply.error.data !== undefined && (
                <span className="mono"> data: {JSON.stringify(reply.error.data).slice(0, 300)}</span>
              )}
            </div>
          ))}
          {errors.length > 5 && <div>…and {errors.length - 5} more (see the tree)</div>}
        </div>
      )}
      {wantsDecoding(answer.body, json) && (
        // The decoder (and viem) loads only for answers it can read: an eth_call, logs, a receipt, a tx.
        // A decoder that fails on an answer nobody foresaw costs this section, not the window (the
        // answer is keyed by its seq, so the next answer starts over).
        <SectionBoundary what="The decoded view">
          <Suspense fallback={<p className="muted">Decoding…</p>}>
            <LazyDecodedPanel body={answer.body} json={json} chain={answer.chain} nodeType={answer.nodeType} />
          </Suspense>
        </SectionBoundary>
      )}
      {result.outcome === 'unexpected' && (
        <p className="banner banner-warning" role="status">
          This JSON is not a JSON-RPC answer (no "result" or "error"). It is shown as it came.
        </p>
      )}
      <JsonTree root={json} methodAt={methodAt} symbol={symbol} label="Answer JSON" />
    </div>
  );
}

/** Which method a value belongs to: the call's, or in a batch the call with the answer's id. */
function methodLookup(body: ConsoleAnswer['body'], json: unknown): (path: string) => string | null {
  if (!Array.isArray(body)) return () => body.method;
  const byId = new Map<unknown, string>(body.map((call: JsonRpcCall) => [call.id, call.method]));
  return (path) => {
    const [first] = pathKeys(path);
    if (first === undefined || !Array.isArray(json)) return null;
    const item = json[Number(first)] as { id?: unknown } | undefined;
    return (item && byId.get(item.id)) ?? null;
  };
}
