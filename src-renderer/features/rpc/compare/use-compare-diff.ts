// What Side by side shows of a run: each answer parsed, what differs between them, the marks on
// each side's tree, and where to scroll each side for the difference picked in the list.
import { useMemo } from 'react';
import type { CompareRun } from '../../../data/rpc.ts';
import { focusPathFor, marksFor } from './diff-marks.ts';
import { diffJson, isRpcId } from './json-diff.ts';

/** A side's answer as JSON (main passes only JSON on; anything else counts as no answer). */
function parseAnswer(text: string | undefined): { json: unknown } | null {
  if (text === undefined) return null;
  try {
    return { json: JSON.parse(text) as unknown };
  } catch {
    return null;
  }
}

/** `picked`: the difference chosen in the list, with a new `seq` each time (the same one twice scrolls again). */
export function useCompareDiff(run: CompareRun | null, picked: { index: number; seq: number } | null) {
  // Each answer parsed once (a 10 MB one takes a while), the diff once per pair.
  const [leftText, rightText] = [run?.sides[0]?.result?.text, run?.sides[1]?.result?.text];
  const left = useMemo(() => parseAnswer(leftText), [leftText]);
  const right = useMemo(() => parseAnswer(rightText), [rightText]);
  const diff = useMemo(
    () => (left && right ? diffJson(left.json, right.json, { ignore: isRpcId }) : null),
    [left, right],
  );
  const marks = useMemo(
    () => ({ left: marksFor(diff?.differences ?? [], 'left'), right: marksFor(diff?.differences ?? [], 'right') }),
    [diff],
  );
  const difference = picked !== null ? diff?.differences[picked.index] : undefined;
  const focus = (side: 'left' | 'right') =>
    difference && picked ? { path: focusPathFor(difference, side), seq: picked.seq } : null;
  return { left, right, diff, marks, focus };
}
