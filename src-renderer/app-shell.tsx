import { Suspense, useEffect, useRef, useState } from 'react';
import { AboutDialog } from './about/about-dialog.tsx';
import { CommandDialogs } from './commands/app-dialogs.tsx';
import { useRevealSettingsPanel } from './commands/settings-panels.ts';
import { useGlobalKeys } from './commands/use-global-keys.ts';
import { useAppInfo } from './data/app.ts';
import { useActiveProfile, useSettings } from './data/settings.ts';
import { TransfersScreen } from './features/transfers/transfers-screen.tsx';
import { useTransfersStore } from './features/transfers/transfers-store.ts';
import { ChainsScreen, LocalLedgerScreen, preloadScreens, RpcScreen, SettingsScreen } from './lazy-screens.tsx';
import { LinkRouter } from './navigation/link-router.tsx';
import { useSettleActions } from './ui/app-action.ts';
import { Banners } from './ui/banners.tsx';
import { ErrorMessage } from './ui/error-message.tsx';
import { SectionBoundary } from './ui/section-boundary.tsx';
import { SECTIONS, type SectionId, useUiStore } from './ui-store.ts';

const SCREENS: Record<SectionId, React.ComponentType> = {
  transfers: TransfersScreen,
  local: LocalLedgerScreen,
  chains: ChainsScreen,
  rpc: RpcScreen,
  settings: SettingsScreen,
};

export function App() {
  const { section, showSection } = useUiStore();
  const settings = useSettings();
  const info = useAppInfo();
  const profile = useActiveProfile();
  const theme = settings.data?.settings.preferences.theme ?? 'system';
  // Ready means a click lands where it was aimed and stays: the settings and the app info are in,
  // and on Transfers (where the app opens) the filter form has everything it is laid out from.
  const transfersRestored = useTransfersStore((s) => profile !== null && s.restoredProfile === profile.id);
  // A screen loaded on demand (lazy-screens.tsx) is ready once its chunk is in and it is on the page.
  const [shown, setShown] = useState<SectionId | null>(null);
  const screenShown = shown === section;
  const ready = settings.data && info.data && screenShown && (section !== 'transfers' || transfersRestored);

  useEffect(() => {
    if (ready) preloadScreens();
  }, [ready]);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  useGlobalKeys();
  // After the screen's own effects (a parent's run after its children's): the panel the palette
  // asked for is on the page, and an action no part of it took is dropped.
  // (A screen loaded on demand has its turn once it is on the page.)
  useRevealSettingsPanel(screenShown);
  const droppedAction = useSettleActions(screenShown);
  useFocusNewScreen(section, screenShown);

  const Screen = SCREENS[section];
  return (
    <div className="app" data-ready={ready ? 'true' : undefined}>
      <nav className="sidebar" aria-label="Sections">
        <div className="brand">Ledger Explorer</div>
        {SECTIONS.map((s) => (
          <button
            key={s.id}
            type="button"
            className="nav-item"
            aria-current={section === s.id ? 'page' : undefined}
            onClick={() => showSection(s.id)}
          >
            {s.label}
          </button>
        ))}
        <div className="sidebar-footer muted">
          <div data-testid="active-profile">{profile?.name ?? '…'}</div>
          <div>
            {info.data ? `v${info.data.version} · ${info.data.transport === 'web' ? 'browser' : 'desktop'}` : ''}
          </div>
        </div>
      </nav>
      <main className="content">
        <Banners />
        <SectionBoundary what="The link">
          <LinkRouter />
        </SectionBoundary>
        {droppedAction && (
          <p className="banner banner-warning" role="status" data-testid="dropped-action">
            {droppedAction}
          </p>
        )}
        {settings.error && <ErrorMessage error={settings.error} title="Settings could not be loaded." />}
        {/* One screen that throws while rendering leaves the sidebar, the palette and the other screens working. */}
        <SectionBoundary key={section} what="This screen">
          <Suspense fallback={<p className="muted">Loading…</p>}>
            <Screen />
            <Shown section={section} onShown={setShown} />
          </Suspense>
        </SectionBoundary>
      </main>
      <SectionBoundary what="The dialog">
        <CommandDialogs />
        <AboutDialog />
      </SectionBoundary>
    </div>
  );
}

/** Rendered beside a screen inside its Suspense: it mounts when the screen's chunk is in and the screen is on the page. */
function Shown({ section, onShown }: { section: SectionId; onShown: (section: SectionId) => void }) {
  useEffect(() => onShown(section), [section, onShown]);
  return null;
}

/**
 * A screen opened from where focus was nowhere (the command palette or a link run from the page
 * body): focus goes to its title, so the keyboard starts at the top of what is shown, not at the
 * page's beginning. A click on the sidebar keeps focus on the button clicked.
 */
function useFocusNewScreen(section: string, screenShown: boolean) {
  const shown = useRef(section);
  useEffect(() => {
    // The first screen at start keeps the browser's own focus; only a change of screen moves it,
    // once the new screen is on the page (its title is there to take focus).
    if (!screenShown || shown.current === section) return;
    shown.current = section;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const title = document.querySelector<HTMLElement>('main h1');
    if (!title) return;
    title.tabIndex = -1;
    title.focus();
  }, [section, screenShown]);
}
