// The command palette (Mod+K) and, on the same list, recent views (Mod+E): type to filter, arrows to
// move, Enter to run, Escape to close. cmdk does the list's keyboard and ARIA (combobox + listbox);
// ranking is ours (palette-filter.ts). Grouped by kind until the user types; then one ranked list,
// since cmdk orders the items inside a group but not reliably the groups themselves. Running an item closes the palette first, so focus goes back
// to the page before the item moves it (to a screen, a panel or another dialog).
import { Command } from 'cmdk';
import { useState } from 'react';
import { openLink } from '../navigation/link-requests.ts';
import { useUiStore } from '../ui-store.ts';
import { ModalDialog } from './modal-dialog.tsx';
import { paletteScore } from './palette-filter.ts';
import type { PaletteGroup, PaletteItem } from './palette-item.ts';
import { usePaletteItems } from './palette-items.ts';
import './commands.css';

const GROUP_ORDER: PaletteGroup[] = ['Parties', 'Recent views', 'Actions', 'Chains', 'RPC', 'Settings'];

export function CommandPalette({ mode }: { mode: 'all' | 'recent' }) {
  const close = useUiStore((s) => s.closeDialog);
  const [search, setSearch] = useState('');
  const listed = usePaletteItems(mode);
  // A pasted ledger-explorer:// link (from a colleague, a case) opens through the link router, with
  // every check an OS-opened link gets; the router says why when it cannot be opened.
  const pasted = search.trim();
  const items: PaletteItem[] = /^ledger-explorer:/i.test(pasted)
    ? [
        {
          id: 'open-link',
          group: 'Actions',
          label: 'Open this link',
          detail: pasted.length > 80 ? `${pasted.slice(0, 79)}…` : pasted,
          keywords: [pasted, 'open link'],
          run: () => openLink(pasted),
        },
        ...listed,
      ]
    : listed;
  const run = (item: PaletteItem) => {
    close();
    item.run();
  };
  const label = mode === 'recent' ? 'Recent views' : 'Command palette';
  return (
    <ModalDialog label={label} className="command-palette" onClose={close}>
      <Command label={label} filter={paletteScore} loop vimBindings={false}>
        <Command.Input
          value={search}
          onValueChange={setSearch}
          placeholder={
            mode === 'recent'
              ? 'Filter recent views…'
              : 'Type a party label or id, a chain, an RPC method, a setting or an action, or paste a ledger-explorer:// link…'
          }
        />
        <Command.List>
          <Command.Empty>
            {mode === 'recent' && items.length === 0
              ? 'No recent views yet: the transfers, chains and RPC requests you open are listed here.'
              : 'Nothing matches. Try part of a label, an id or a name.'}
          </Command.Empty>
          {search.trim() === ''
            ? GROUP_ORDER.map((group) => {
                const inGroup = items.filter((i) => i.group === group);
                return inGroup.length === 0 ? null : (
                  <Command.Group key={group} heading={group}>
                    {inGroup.map((item) => (
                      <PaletteRow key={item.id} item={item} onRun={run} />
                    ))}
                  </Command.Group>
                );
              })
            : // While searching, one list ranked as a whole (best match first, whatever its kind), each
              // row naming its kind: Enter runs the best match.
              items.map((item) => <PaletteRow key={item.id} item={item} onRun={run} showGroup />)}
        </Command.List>
      </Command>
    </ModalDialog>
  );
}

function PaletteRow({
  item,
  onRun,
  showGroup,
}: {
  item: PaletteItem;
  onRun: (item: PaletteItem) => void;
  showGroup?: boolean;
}) {
  return (
    <Command.Item value={item.id} keywords={[item.label, ...item.keywords]} onSelect={() => onRun(item)}>
      {item.colour && <span className={`colour-dot colour-${item.colour}`} aria-hidden="true" />}
      <span className="palette-label">{item.label}</span>
      {item.detail && <span className="palette-detail">{item.detail}</span>}
      {showGroup && <span className="palette-kind">{item.group}</span>}
    </Command.Item>
  );
}
