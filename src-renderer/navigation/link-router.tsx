// Opens links and carries out menu commands (docs/links.md): what main's inbox hands over (a
// ledger-explorer:// link from the OS, a menu command) and links asked for inside the app. A link is
// parsed strictly; a bad one, or one naming a profile this app lacks, shows a banner and changes
// nothing. A link naming another existing profile asks first (the banner names both profiles):
// nothing is switched, queried or filled until the user presses "Open on …".
import { useEffect, useState } from 'react';
import type { ShellCommand, ShellRequest } from '../../src-shared/contract/shell-events.ts';
import type { ViewTarget } from '../../src-shared/contract/views.ts';
import { parseViewLink } from '../../src-shared/links/view-link.ts';
import { useSavePreferences, useSetActiveProfile, useSettings } from '../data/settings.ts';
import { useShellEvents } from '../data/views.ts';
import { type AppActionId, type SectionId, useUiStore } from '../ui-store.ts';
import { openLink, useLinkRequests } from './link-requests.ts';
import { profileProblem, showView, viewTitle } from './open-view.ts';
import { useRecordVisits } from './record-visits.ts';
import { restoreScreenOnce, useRememberScreen } from './screen-memory.ts';

const ACTIONS: Partial<Record<ShellCommand, AppActionId>> = {
  'copy-link': 'transfers:copy-link',
  export: 'transfers:export',
  'case-report': 'transfers:case-report',
  'compare-nodes': 'transfers:compare-nodes',
  sync: 'local:sync',
};
const DIALOGS = { palette: 'palette', recent: 'recent', shortcuts: 'shortcuts', about: 'about' } as const;

export function LinkRouter() {
  const settings = useSettings().data;
  const setActive = useSetActiveProfile();
  const savePreferences = useSavePreferences();
  const queued = useLinkRequests((s) => s.queue.length);
  const problem = useLinkRequests((s) => s.problem);
  const [opening, setOpening] = useState(false);
  /** A link on another profile, waiting for the user's yes; later links wait behind it. */
  const [confirming, setConfirming] = useState<ViewTarget | null>(null);
  useRecordVisits();
  useRememberScreen(settings?.settings.activeProfileId);

  // After a reload, what this tab had on screen (a link asked for at load wins).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the settings first arrive
  useEffect(() => {
    if (settings) restoreScreenOnce(settings.settings.activeProfileId, queued > 0);
  }, [settings]);

  useShellEvents((event: ShellRequest) => {
    if (event.kind === 'link') return openLink(event.url);
    const ui = useUiStore.getState();
    const action = ACTIONS[event.command];
    if (action) ui.requestAction(action);
    else if (event.command in DIALOGS) ui.openDialog(DIALOGS[event.command as keyof typeof DIALOGS]);
    else if (event.command.startsWith('show-')) ui.showSection(event.command.slice(5) as SectionId);
    else if (event.command === 'toggle-theme') {
      const dark = document.documentElement.dataset.theme === 'dark' || prefersDark();
      savePreferences.mutate({ theme: dark ? 'light' : 'dark' });
    }
  });

  // One link at a time, once the settings (the profiles) are in.
  useEffect(() => {
    if (!settings || opening || confirming || queued === 0) return;
    const { take, setProblem } = useLinkRequests.getState();
    const link = take();
    if (link === null) return;
    const parsed = parseViewLink(link);
    if (!parsed.ok) return setProblem(parsed.message);
    const target = parsed.target;
    const missing = profileProblem(target, settings.settings.profiles);
    if (missing) return setProblem(missing);
    setProblem(null);
    if (target.profile === settings.settings.activeProfileId) return showView(target);
    setConfirming(target);
  }, [settings, opening, confirming, queued]);

  const openOnProfile = (target: ViewTarget) => {
    setConfirming(null);
    setOpening(true);
    setActive.mutate(target.profile, {
      onSuccess: () => showView(target),
      onError: (error) =>
        useLinkRequests.getState().setProblem(`switching to the profile "${target.profile}" failed (${error.message})`),
      onSettled: () => setOpening(false),
    });
  };

  if (confirming && settings) {
    const nameOf = (id: string) => settings.settings.profiles.find((p) => p.id === id)?.name ?? id;
    const name = nameOf(confirming.profile);
    const active = nameOf(settings.settings.activeProfileId);
    return (
      <section className="banner link-confirm" aria-label="Link to another profile">
        <span>{`This link opens ${viewTitle(confirming)} on profile "${name}" (you are on "${active}").`}</span>{' '}
        <button type="button" onClick={() => openOnProfile(confirming)}>
          Open on {name}
        </button>{' '}
        <button type="button" onClick={() => setConfirming(null)}>
          Cancel
        </button>
      </section>
    );
  }
  if (!problem) return null;
  return (
    <div className="banner banner-error link-problem" role="alert">
      <span>This link could not be opened: {problem}. Nothing was sent.</span>{' '}
      <button type="button" onClick={() => useLinkRequests.getState().setProblem(null)}>
        Dismiss
      </button>
    </div>
  );
}

function prefersDark(): boolean {
  const theme = document.documentElement.dataset.theme;
  return theme === 'system' && typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}
