// Which legs one validator node has and another lacks. A leg is compared on all 12 fields of the
// spec (2.1): two legs are the same leg only when every field is equal, so a node that reports a
// different amount, status or time for the same update shows as a difference on both sides.
import type { NodeCompareDifference } from '../../../src-shared/contract/node-compare.ts';
import { TRANSFER_LEG_FIELDS, type TransferLeg } from '../../../src-shared/contract/transfers.ts';

/** The 12 values in the spec's order, as one string (JSON keeps null apart from "null"). */
export function legKey(leg: TransferLeg): string {
  return JSON.stringify(TRANSFER_LEG_FIELDS.map((field) => leg[field]));
}

export interface NodeLegs {
  nodeId: string;
  legs: TransferLeg[];
}

export interface LegDiff {
  /** Oldest first, at most `cap`. */
  differences: NodeCompareDifference[];
  /** Every difference, past the cap too. */
  count: number;
}

/**
 * Differences among the given nodes (only nodes that answered belong here: a quarantined node has
 * no legs to compare, it is not "missing" all of them). Legs count as a multiset: a node listing the
 * same leg twice where another lists it once differs by that one copy.
 */
export function diffLegs(nodes: readonly NodeLegs[], cap: number): LegDiff {
  if (nodes.length < 2) return { differences: [], count: 0 };
  const seen = new Map<string, { leg: TransferLeg; counts: number[] }>();
  nodes.forEach((node, index) => {
    for (const leg of node.legs) {
      const key = legKey(leg);
      let entry = seen.get(key);
      if (!entry) {
        entry = { leg, counts: nodes.map(() => 0) };
        seen.set(key, entry);
      }
      entry.counts[index] += 1;
    }
  });
  const all: NodeCompareDifference[] = [];
  for (const { leg, counts } of seen.values()) {
    const most = Math.max(...counts);
    if (counts.every((n) => n === most)) continue;
    all.push({
      leg,
      presentOn: nodes.filter((_, i) => counts[i] === most).map((n) => n.nodeId),
      missingOn: nodes.filter((_, i) => counts[i] < most).map((n) => n.nodeId),
    });
  }
  all.sort((a, b) => timeOf(a.leg) - timeOf(b.leg) || legKey(a.leg).localeCompare(legKey(b.leg)));
  return { differences: all.slice(0, cap), count: all.length };
}

/** Milliseconds of a leg's effectiveAt; a leg without a readable time sorts first. */
export function timeOf(leg: TransferLeg): number {
  const at = leg.effectiveAt === null ? Number.NaN : Date.parse(leg.effectiveAt);
  return Number.isNaN(at) ? Number.NEGATIVE_INFINITY : at;
}

/**
 * When a node's read stopped at the cap, legs past the last one it read are not comparable (it may
 * well have them). Keeps only the legs strictly inside the window every cut node covered, so a cap
 * never shows up as a lag. `oldestFirst` is the order the pages were read in.
 */
export function withinCommonWindow(nodes: NodeLegs[], cut: ReadonlySet<string>, oldestFirst: boolean): NodeLegs[] {
  const bounds = nodes
    .filter((n) => cut.has(n.nodeId) && n.legs.length > 0)
    .map((n) => timeOf(n.legs.at(-1) as TransferLeg));
  if (bounds.length === 0) return nodes;
  const keep = oldestFirst ? (at: number) => at < Math.min(...bounds) : (at: number) => at > Math.max(...bounds);
  return nodes.map((n) => ({ nodeId: n.nodeId, legs: n.legs.filter((leg) => keep(timeOf(leg))) }));
}

/** The newest effectiveAt as the service wrote it, or null when no leg has one. */
export function newestEffectiveAt(legs: readonly TransferLeg[]): string | null {
  let newest: TransferLeg | null = null;
  for (const leg of legs) if (leg.effectiveAt !== null && (!newest || timeOf(leg) > timeOf(newest))) newest = leg;
  return newest?.effectiveAt ?? null;
}
