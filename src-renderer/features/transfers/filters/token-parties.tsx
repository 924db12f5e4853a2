// What the profile's ledger JWT says (decoded by main without verifying it): the parties it
// names, to pick from, and when it expires, so the user hears about it before the service does.
import type { TokenInfo } from '../../../../src-shared/contract/transfers.ts';
import { ErrorMessage } from '../../../ui/error-message.tsx';
import { PartyId } from '../../../ui/party-id.tsx';
import { useNow } from '../../../ui/use-now.ts';
import { relativeTime } from '../table/leg-format.ts';

const WARN_BEFORE_MS = 10 * 60_000;

export function TokenParties({
  info,
  error,
  onPick,
  sandboxParties = 0,
}: {
  info: TokenInfo | undefined;
  error: unknown;
  onPick: (party: string) => void;
  /** How many parties the sandbox offers by name in the picker (0: none, e.g. a remote profile). */
  sandboxParties?: number;
}) {
  const now = useNow(15_000);
  if (error) return <ErrorMessage error={error} title="The ledger JWT could not be read." />;
  if (!info) return null;
  if (!info.present) {
    return (
      <p className="banner banner-warning" role="status">
        This profile has no ledger JWT: set one in Settings → Secrets.
      </p>
    );
  }
  const expiresAt = info.expiresAt ? Date.parse(info.expiresAt) : null;
  const expired = info.expired || (expiresAt !== null && expiresAt <= now);
  const parties = [
    ...info.readAs.map((party) => ({ party, right: 'readAs' })),
    ...info.actAs.filter((p) => !info.readAs.includes(p)).map((party) => ({ party, right: 'actAs' })),
  ];
  return (
    <div className="token-parties" data-testid="token-info">
      {expired ? (
        <p className="banner banner-error" role="alert">
          The ledger JWT has expired{info.expiresAt ? ` (at ${info.expiresAt})` : ''}: the service will refuse it. Set a
          new one in Settings → Secrets.
        </p>
      ) : (
        expiresAt !== null &&
        expiresAt - now < WARN_BEFORE_MS && (
          <p className="banner banner-warning" role="status">
            The ledger JWT expires {relativeTime(expiresAt, now)} ({info.expiresAt}). Replace it in Settings → Secrets
            before then.
          </p>
        )
      )}
      {info.problem && <p className="muted">The ledger JWT could not be read: {info.problem}.</p>}
      {info.form === 'audience' && sandboxParties > 0 && (
        <p className="muted">
          The sandbox’s {sandboxParties} parties are listed under “Sandbox parties” above; typing a name in the Party id
          field finds them too.
        </p>
      )}
      {info.form === 'audience' && sandboxParties === 0 && (
        <p className="muted">
          This token names a user{info.subject ? ` (${info.subject})` : ''} of the participant rather than parties: the
          participant resolves which parties it may read, so none can be listed here. Paste a party id or pick a saved
          one.
        </p>
      )}
      {info.form === 'claims' && parties.length === 0 && <p className="muted">This token names no parties.</p>}
      {parties.length > 0 && (
        <div>
          <span className="muted">
            Parties this token names{expiresAt !== null && !expired ? ` (expires ${relativeTime(expiresAt, now)})` : ''}
            :
          </span>
          <ul className="token-party-list" aria-label="Parties in the ledger JWT">
            {parties.map(({ party, right }) => (
              <li key={`${right}:${party}`}>
                <button type="button" onClick={() => onPick(party)} aria-label={`Use ${party} (${right})`}>
                  Use
                </button>{' '}
                <PartyId party={party} /> <span className="badge badge-muted">{right}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
