// Before a sync from a node Compare nodes found behind (the newest comparison of the profile in this
// session, on any filters): say so where Sync now is, with what it lacks, and offer a node that has
// those legs. A sync from it would silently miss the newest legs (docs/local-ledger.md, "Which node a
// sync reads").
import type { NodeChoices } from '../../../src-shared/contract/transfers.ts';
import { laggingNodes, useNewestNodeComparison } from '../../data/node-compare.ts';
import { count, formatTime } from '../../ui/local-format.ts';
import { useTimeZone } from '../../ui/time-zone.ts';
import { syncNodeOf } from './sync-options.tsx';

export function NodeLagWarning({
  profileId,
  nodeId,
  choices,
  onNode,
}: {
  profileId: string;
  /** The node chosen on this screen; null: the default. */
  nodeId: string | null;
  choices: NodeChoices | undefined;
  onNode: (nodeId: string | null) => void;
}) {
  const zone = useTimeZone();
  const comparison = useNewestNodeComparison(profileId);
  const node = syncNodeOf(nodeId, choices);
  if (!comparison || !node) return null;
  const lags = laggingNodes(comparison);
  const lag = lags.get(node);
  if (!lag) return null;
  const legs = `${lag.exact ? '' : 'at least '}${count(lag.missing)} ${lag.missing === 1 ? 'leg' : 'legs'}`;
  const others = lag.presentOn.join(', ');
  // A node that has them and was not found behind itself; the default one is chosen as "default".
  const better = lag.presentOn.find((n) => !lags.has(n));
  const defaultNode = syncNodeOf(null, choices);
  return (
    <p className="banner banner-warning local-node-lag" role="status" data-testid="node-lag">
      {node} lags: Compare nodes found it lacks {legs} that {others} {lag.presentOn.length === 1 ? 'has' : 'have'}{' '}
      (compared {formatTime(comparison.ranAt, zone)}). A sync from it would miss them.{' '}
      {better && (
        <button type="button" onClick={() => onNode(better === defaultNode ? null : better)}>
          Use {better}
        </button>
      )}
    </p>
  );
}
