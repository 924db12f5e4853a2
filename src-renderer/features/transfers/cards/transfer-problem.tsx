// Why the transfers are not on screen, in the service's own words: each typed error from main
// gets the card or message that tells the user what to do next.
import { asBridgeError } from '../../../../src-shared/contract/errors.ts';
import type { NodeChoices } from '../../../../src-shared/contract/transfers.ts';
import { ErrorMessage, rateLimitedTitle } from '../../../ui/error-message.tsx';
import { shortenParty } from '../../../ui/party-format.ts';
import { QuarantinedCard } from './quarantined-card.tsx';
import { ServiceStartingCard } from './service-starting-card.tsx';

const TITLES: Record<string, string> = {
  unauthorized: 'The service refused the ledger JWT (401).',
  not_found: 'Not found (404).',
  bad_request: 'The service refused the request (400).',
  service_error: 'The service failed.',
  bad_response: 'The service answered something this version cannot read.',
  // Unreachable, reset before answering, or an answer cut off: main's message says which.
  network: 'The connection to the service failed.',
  timeout: 'The service did not answer in time.',
};

export function TransferProblem({
  error,
  retrying,
  party,
  nodes,
  onUseNode,
  onRetry,
}: {
  error: unknown;
  /** The query will try again by itself (start-up). */
  retrying: boolean;
  party: string;
  nodes: NodeChoices | undefined;
  onUseNode: (nodeId: string) => void;
  onRetry: () => void;
}) {
  const e = asBridgeError(error);
  if (e.code === 'cancelled') return null;
  if (e.code === 'service_starting') return <ServiceStartingCard error={e} retrying={retrying} />;
  if (e.code === 'node_quarantined') return <QuarantinedCard error={e} nodes={nodes} onUseNode={onUseNode} />;
  // A 429 is not retried by itself: the service asked for fewer requests; Try again is the user's.
  const title =
    e.code === 'forbidden'
      ? `This token cannot read ${shortenParty(party)}.`
      : typeof e.details?.nextOrigin === 'string'
        ? 'The next page is on another server: not followed, the JWT stays here.'
        : (rateLimitedTitle(e) ?? TITLES[e.code] ?? 'The transfers could not be loaded.');
  const traceId = typeof e.details?.traceId === 'string' ? e.details.traceId : null;
  return (
    <div data-testid="transfer-problem">
      <ErrorMessage error={e} title={title} />
      {traceId && (
        <p className="muted">
          Trace id for the service's operators: <span className="mono">{traceId}</span>
        </p>
      )}
      <button type="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
