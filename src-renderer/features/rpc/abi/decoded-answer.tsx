// The answer pane's "Decoded" section (loaded on demand: it brings viem): outputs by name next to
// the raw hex, a revert's error, logs as events, a transaction's input as a call.
import { useMemo } from 'react';
import type { RpcBody } from '../../../../src-shared/contract/rpc.ts';
import { type AbiSource, indexAbis } from './abi-index.ts';
import { decodeAnswer } from './answer-decoding.ts';
import type { DecodedInput } from './decode-call.ts';
import type { DecodedLog } from './decode-logs.ts';
import type { DecodedRevert } from './decode-revert.ts';
import { DecodedValues, RawSelector } from './decoded-values.tsx';

export function DecodedAnswer({
  body,
  json,
  sources,
}: {
  body: RpcBody;
  json: unknown;
  sources: readonly AbiSource[];
}) {
  const index = useMemo(() => indexAbis(sources), [sources]);
  const decoding = useMemo(() => decodeAnswer(body, json, index), [body, json, index]);
  if (decoding.kind === 'none') return null;
  return (
    <section className="abi-decoded" aria-label="Decoded" data-testid="abi-decoded">
      <h3 className="subheading">Decoded</h3>
      {decoding.kind === 'outputs' && (
        <>
          <p>
            <span className="mono">{decoding.signature}</span> <span className="muted">from {decoding.source}</span>
          </p>
          <DecodedValues values={decoding.values} label="Outputs" />
          <p className="muted">
            Raw: <span className="mono abi-raw">{decoding.raw}</span>
          </p>
        </>
      )}
      {decoding.kind === 'outputs-failed' && (
        <p className="banner banner-warning">
          {decoding.message} Raw: <span className="mono abi-raw">{decoding.raw}</span>
        </p>
      )}
      {decoding.kind === 'unknown-call' && (
        <RawSelector selector={decoding.selector} data={decoding.raw} what="function" />
      )}
      {decoding.kind === 'revert' && <RevertView revert={decoding.revert} />}
      {decoding.kind === 'input' && <InputView input={decoding.input} />}
      {decoding.kind === 'logs' && <LogsView logs={decoding.logs} total={decoding.total} />}
    </section>
  );
}

function RevertView({ revert }: { revert: DecodedRevert }) {
  return (
    <div data-testid="abi-revert">
      {revert.kind === 'empty' && <p>Reverted without data (a bare revert() or require without a message).</p>}
      {revert.kind === 'error-string' && (
        <p>
          Reverted with <span className="mono">Error(string)</span>: <strong>"{revert.message}"</strong>
        </p>
      )}
      {revert.kind === 'panic' && (
        <p>
          Reverted with <span className="mono">Panic(0x{revert.code.toString(16).padStart(2, '0')})</span>:{' '}
          <strong>{revert.meaning}</strong>
        </p>
      )}
      {revert.kind === 'custom' && (
        <>
          <p>
            Reverted with custom error <strong className="mono">{revert.signature}</strong>{' '}
            <span className="muted">from {revert.source}</span>
          </p>
          <DecodedValues values={revert.args} label="Error arguments" />
        </>
      )}
      {revert.kind === 'unknown' && <RawSelector selector={revert.selector} data={revert.data} what="error" />}
    </div>
  );
}

function InputView({ input }: { input: DecodedInput }) {
  if (input.kind === 'none') return <p className="muted">No input data: a plain value transfer.</p>;
  if (input.kind === 'unknown') return <RawSelector selector={input.selector} data={input.data} what="function" />;
  return (
    <div data-testid="abi-input">
      <p>
        Input calls <strong className="mono">{input.signature}</strong>{' '}
        <span className="muted">from {input.source}</span>
      </p>
      <DecodedValues values={input.args} label="Call arguments" />
    </div>
  );
}

function LogsView({ logs, total }: { logs: readonly DecodedLog[]; total: number }) {
  const named = logs.filter((log) => log.kind === 'event').length;
  return (
    <div data-testid="abi-logs">
      <p>
        {total} log{total === 1 ? '' : 's'}
        {logs.length < total ? `; the first ${logs.length} decoded (the rest are in the tree)` : ''}, {named} matched an
        event in the library.
      </p>
      <ol className="abi-logs">
        {logs.map((log, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: logs are shown in the answer's order and never move
          <li key={i}>
            {log.kind === 'event' ? (
              <>
                <strong className="mono">{log.name}</strong>{' '}
                <span className="muted mono">
                  {log.signature} · {log.address}
                </span>
                <DecodedValues values={log.args} label={`${log.name} arguments`} />
              </>
            ) : (
              <span className="muted">
                Unknown event <span className="mono">{log.topic0 ?? '(anonymous, no topics)'}</span> at{' '}
                <span className="mono">{log.address}</span>
              </span>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
