// The RPC console: pick a chain and node type, write a call (or a batch), send it through main,
// read the answer. Main adds the key; the renderer never sees it.
import { Suspense } from 'react';
import { nativeSymbol, useChainListing } from '../../data/chains.ts';
import { useConsoleAnswer, useRpcEndpoint } from '../../data/rpc.ts';
import { useActiveProfile } from '../../data/settings.ts';
import { CopyLinkButton } from '../../ui/copy-link-button.tsx';
import { SectionBoundary } from '../../ui/section-boundary.tsx';
import { LazyContractPanel } from './abi/lazy-parts.tsx';
import { LibraryPanel } from './abi/library-panel.tsx';
import { AnswerPane } from './answer-pane.tsx';
import { CollectionsPanel } from './collections-panel.tsx';
import { ComparePanel } from './compare/compare-panel.tsx';
import { ContractCallPreview } from './contract-call-preview.tsx';
import { useActiveEnvironment } from './environment-choice.ts';
import { EnvironmentPicker } from './environment-picker.tsx';
import { HistoryPanel } from './history-panel.tsx';
import { RequestEditor } from './request-editor.tsx';
import { RequestKind } from './request-kind.tsx';
import { requestTarget } from './request-link.ts';
import { useRpcConsoleStore } from './rpc-console-store.ts';
import { SendBar } from './send-bar.tsx';
import { TargetPicker } from './target-picker.tsx';
import { useConsoleRequest } from './use-console-request.ts';
import { useConsoleSend } from './use-console-send.ts';
import './rpc.css';

export function RpcScreen() {
  const profile = useActiveProfile();
  const draft = useRpcConsoleStore();
  const { set } = draft;
  const chains = useChainListing(profile?.id);
  const endpoint = useRpcEndpoint(profile);
  const answer = useConsoleAnswer();
  const environment = useActiveEnvironment(profile?.id);
  const { send, sendCurrent, rerun, loadRequest, runRequest, cancel } = useConsoleSend(profile?.id, environment.scope);

  const { check, contractOpen, contractCall, contractBlocked, onContractCall, submit, onKeyDown, sendable, asWritten } =
    useConsoleRequest(draft, environment.scope, sendCurrent);
  const answerChain = chains.data?.chains.find((c) => c.name === answer.data?.chain);

  return (
    <div className="rpc-screen">
      <h1 className="screen-title">RPC console</h1>
      <div className="rpc-layout">
        <div className="rpc-main">
          <EnvironmentPicker profile={profile ? { id: profile.id, name: profile.name } : null} current={environment} />
          <form
            className="panel rpc-request"
            aria-label="RPC request"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
            onKeyDown={onKeyDown}
          >
            <TargetPicker
              draft={draft}
              set={set}
              chains={chains.data?.chains}
              listingFailed={Boolean(chains.error)}
              endpoint={endpoint}
              invalid={!check.ok && check.field === 'chain'}
              resolvedChain={check.ok ? check.chain : null}
            />
            <RequestKind draft={draft} set={set} />
            {contractOpen && (
              <SectionBoundary what="The contract form">
                <Suspense fallback={<p className="muted">Loading the contract form…</p>}>
                  <LazyContractPanel profileId={profile?.id} onCall={onContractCall} />
                </Suspense>
              </SectionBoundary>
            )}
            {contractOpen ? (
              <ContractCallPreview call={contractCall} check={check} />
            ) : (
              <RequestEditor draft={draft} set={set} check={check} onSubmit={sendCurrent} />
            )}
            <SendBar
              // In Contract mode an incomplete form may be "sent": it shows every field's message instead.
              canSend={!send.isPending && profile !== null && (contractBlocked || check.ok)}
              nextId={draft.nextId}
              request={sendable && profile ? { profileId: profile.id, ...sendable } : null}
            />
            <CopyLinkButton
              target={profile && asWritten ? requestTarget(profile.id, draft) : null}
              what="this RPC request"
            />
          </form>

          <AnswerPane
            answer={answer.data ?? null}
            pending={send.isPending ? { chain: send.variables.chain, nodeType: send.variables.nodeType } : null}
            onCancel={cancel}
            symbol={nativeSymbol(answerChain)}
          />
          <ComparePanel
            request={sendable && profile ? { profileId: profile.id, ...sendable } : null}
            timeoutSeconds={draft.timeoutSeconds}
          />
        </div>
        <aside className="rpc-side">
          <LibraryPanel profileId={profile?.id} />
          <HistoryPanel onRerun={rerun} />
          <CollectionsPanel current={asWritten} onLoad={loadRequest} onRun={runRequest} />
        </aside>
      </div>
    </div>
  );
}
