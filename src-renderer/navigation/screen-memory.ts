// What is on screen survives a reload of the page (F5 in the browser version, View → Reload in the
// desktop app): the open section, the Transfers view (its filters and the page it was on), the
// party on screen (which the Local ledger opens on, with its node) and the Local ledger's tab are
// kept in this tab's sessionStorage and shown again through the same path a link takes
// (open-view.ts). Per tab and per origin, gone with the tab; it never holds a secret (a view names
// its profile by id, as a link does). A link asked for at load (`#open=`) wins. docs/links.md.
import { useEffect } from 'react';
import {
  NodeIdText,
  PartyId,
  ProfileIdText,
  TransferFilters,
  TransferPageRequest,
} from '../../src-shared/contract/transfers.ts';
import { type LocalTabId, localTabOf, useLocalScreenStore } from '../features/local-ledger/local-screen-store.ts';
import { historyOf } from '../features/transfers/table/cursor-history.ts';
import { useTransfersStore } from '../features/transfers/transfers-store.ts';
import { SECTIONS, type SectionId, useUiStore } from '../ui-store.ts';
import { showView } from './open-view.ts';

const KEY = 'ledger-explorer:screen';

interface Remembered {
  profile: string;
  section: SectionId;
  transfers: TransferFilters | null;
  /**
   * The `next` values that reached the Transfers page on screen (empty: page 1): the service's
   * nextPageUrl as main hands it to the renderer, any JWT already removed.
   */
  pages: string[];
  /** The party on screen (ui-store's partyOnScreen): the Local ledger opens on it. */
  party: { party: string; nodeId: string | null; from: 'transfers' | 'local' } | null;
  localTab: LocalTabId;
}

/**
 * A history longer than this (in characters of `next` addresses, some 2,000 pages of the sandbox)
 * is not remembered and the reload shows page 1: the tab's storage holds a few megabytes in all.
 */
const MAX_HISTORY_CHARS = 500_000;

/** Set once the load's restore has run: nothing is written before, so the first render cannot erase it. */
let restored = false;

/** Keeps what is on screen for `profile` in this tab's sessionStorage as it changes. */
export function useRememberScreen(profile: string | undefined): void {
  const section = useUiStore((s) => s.section);
  const onScreen = useUiStore((s) => s.partyOnScreen);
  const filters = useTransfersStore((s) => s.view?.filters ?? null);
  const cursors = useTransfersStore((s) => s.view?.cursors ?? null);
  const localTab = useLocalScreenStore((s) => s.tab);
  useEffect(() => {
    if (!profile || !restored) return;
    const party = onScreen?.profile === profile ? onScreen : null;
    const remembered: Remembered = {
      profile,
      section,
      transfers: filters,
      // The same check as reading back: what would be dropped then is not written.
      pages: cursorsOf(cursors?.cursors.slice(1) ?? []),
      party: party ? { party: party.party, nodeId: party.nodeId, from: party.from } : null,
      localTab,
    };
    try {
      sessionStorage.setItem(KEY, JSON.stringify(remembered));
    } catch {
      // No storage (a private window that refuses it): a reload starts fresh, as before.
    }
  }, [profile, section, onScreen, filters, cursors, localTab]);
}

/**
 * Once per load: shows again what this tab had on screen, if it was on `profile` and no link was
 * asked for (`linkWaiting`). Read like any text from outside: every part is checked with the
 * contract's schemas, and anything that does not pass is dropped.
 */
export function restoreScreenOnce(profile: string, linkWaiting: boolean): void {
  if (restored) return;
  restored = true;
  const remembered = linkWaiting ? null : read();
  if (!remembered || remembered.profile !== profile) return;
  if (remembered.transfers) {
    showView({ kind: 'transfers', profile, filters: remembered.transfers, source: 'live' });
    if (remembered.pages.length > 0) useTransfersStore.getState().showPages(historyOf(remembered.pages));
  }
  if (remembered.party) useUiStore.getState().showParty({ profile, ...remembered.party });
  useLocalScreenStore.getState().setTab(remembered.localTab);
  useUiStore.getState().showSection(remembered.section);
}

function read(): Remembered | null {
  let value: unknown;
  try {
    value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const profile = ProfileIdText.safeParse(v.profile);
  const section = SECTIONS.find((s) => s.id === v.section)?.id;
  if (!profile.success || !section) return null;
  const transfers = v.transfers === null ? null : TransferFilters.safeParse(v.transfers);
  const onScreen = v.party as { party?: unknown; nodeId?: unknown; from?: unknown } | null;
  const party = onScreen ? PartyId.safeParse(onScreen.party) : null;
  const nodeId = onScreen?.nodeId === null ? null : onScreen ? NodeIdText.safeParse(onScreen.nodeId) : null;
  const from = onScreen?.from === 'transfers' || onScreen?.from === 'local' ? onScreen.from : null;
  return {
    profile: profile.data,
    section,
    transfers: transfers?.success ? transfers.data : null,
    pages: cursorsOf(v.pages),
    localTab: localTabOf(v.localTab) ?? 'transfers',
    party:
      party?.success && from && (nodeId === null || nodeId.success)
        ? { party: party.data, nodeId: nodeId === null ? null : nodeId.data, from }
        : null,
  };
}

/** The remembered `next` values, or none (page 1) when anything about them is not what this app writes. */
function cursorsOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  let chars = 0;
  for (const next of value) {
    // What the transfers:page channel takes as `next`, and never a control character.
    const checked = TransferPageRequest.shape.next.safeParse(next);
    if (!checked.success || !checked.data || /\p{Cc}/u.test(checked.data)) return [];
    chars += checked.data.length;
  }
  return chars <= MAX_HISTORY_CHARS ? (value as string[]) : [];
}
