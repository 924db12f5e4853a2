// Side by side: the console's current (resolved) request sent to two targets at once, full vs
// archive of a chain, two chains or two profiles, both answers next to each other with what differs
// marked, "N differences" to step through, and each side's status, time and size.
import { useState } from 'react';
import type { NodeType, RpcBody } from '../../../../src-shared/contract/rpc.ts';
import { useCompareCalls } from '../../../data/rpc.ts';
import { useSettings } from '../../../data/settings.ts';
import { CompareSide } from './compare-side.tsx';
import { CompareTarget, chainProblem, FOLLOW, type SecondChoice, secondTarget } from './compare-target.tsx';
import { DifferenceList } from './difference-list.tsx';
import { useCompareDiff } from './use-compare-diff.ts';
import './compare.css';

interface ComparePanelProps {
  /** The request as Send would send it (resolved), with the active profile; null while the form is not valid. */
  request: { profileId: string; chain: string; nodeType: NodeType; body: RpcBody } | null;
  timeoutSeconds: number;
}

export function ComparePanel({ request, timeoutSeconds }: ComparePanelProps) {
  const { run, start, cancel, pending } = useCompareCalls();
  const profiles = useSettings().data?.settings.profiles ?? [];
  const [open, setOpen] = useState(run !== null);
  const [choice, setChoice] = useState<SecondChoice>(FOLLOW);
  const [picked, setPicked] = useState<{ index: number; seq: number } | null>(null);

  const first = request ? { profileId: request.profileId, chain: request.chain, nodeType: request.nodeType } : null;
  const second = first ? secondTarget(choice, first) : null;
  const canCompare = request !== null && second !== null && chainProblem(second.chain) === null && !pending;

  const { left, right, diff, marks, focus } = useCompareDiff(run, picked);
  const profileName = (id: string) => profiles.find((p) => p.id === id)?.name ?? id;

  const compare = () => {
    if (!canCompare || !request || !first || !second) return;
    setPicked(null);
    start([first, { ...second, chain: second.chain.trim() }], request.body, timeoutSeconds);
  };

  return (
    <section className="panel rpc-compare" aria-label="Side by side">
      <h2>
        <button type="button" className="rpc-compare-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? '▾' : '▸'} Side by side
        </button>
      </h2>
      {open && (
        <>
          <p className="muted">
            Sends the request above to A (the console's target
            {first ? `: ${first.chain}_${first.nodeType}, ${profileName(first.profileId)}` : ''}) and to B at once.
          </p>
          {second && (
            <CompareTarget
              target={second}
              profiles={profiles}
              following={choice === FOLLOW}
              onChange={(patch) => setChoice((c) => ({ ...c, ...patch }))}
              onFollow={() => setChoice(FOLLOW)}
            />
          )}
          <div className="form-actions">
            <button type="button" onClick={compare} disabled={!canCompare}>
              Compare
            </button>
            {pending && (
              <button type="button" onClick={cancel}>
                Cancel
              </button>
            )}
            {!request && <span className="muted">Fix the request above first.</span>}
          </div>
          {run && (
            <div className="rpc-compare-run" data-compare-seq={run.seq} aria-busy={pending || undefined}>
              {diff && (
                <DifferenceList
                  diff={diff}
                  selected={picked?.index ?? null}
                  onSelect={(index) => setPicked((p) => ({ index, seq: (p?.seq ?? 0) + 1 }))}
                />
              )}
              {!pending && !diff && (
                <p className="rpc-compare-summary" role="status" data-testid="rpc-compare-summary">
                  Nothing to compare: {run.sides[0]?.result ? 'B' : run.sides[1]?.result ? 'A' : 'neither side'}{' '}
                  {run.sides[0]?.result || run.sides[1]?.result ? 'did not answer' : 'answered'}
                </p>
              )}
              <div className="rpc-compare-columns">
                {(['left', 'right'] as const).map((side, index) => (
                  <CompareSide
                    key={`${run.seq}-${side}`}
                    name={index === 0 ? 'A' : 'B'}
                    target={run.targets[index]}
                    profileName={profileName(run.targets[index].profileId)}
                    side={run.sides[index]}
                    json={(index === 0 ? left : right)?.json ?? null}
                    body={run.body}
                    marks={marks[side]}
                    focus={focus(side)}
                  />
                ))}
              </div>
            </div>
          )}
        </>
      )}
    </section>
  );
}
