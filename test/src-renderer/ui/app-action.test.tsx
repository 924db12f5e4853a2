// An action asked for by the palette, the menu or a link is taken once by the part on screen that
// owns it; one nobody on screen took is dropped, so a panel that appears later does not run it.
import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppAction, useSettleActions } from '../../../src-renderer/ui/app-action.ts';
import { useUiStore } from '../../../src-renderer/ui-store.ts';

function Owner({ onExport }: { onExport: () => void }) {
  useAppAction('transfers:export', onExport);
  return null;
}

function Shell({ owner, onExport }: { owner: boolean; onExport: () => void }) {
  useSettleActions(true);
  return owner ? <Owner onExport={onExport} /> : null;
}

beforeEach(() => {
  useUiStore.setState({ section: 'transfers', action: null });
});

describe('useAppAction', () => {
  it('runs once per request while the owner is on screen, also when asked twice', () => {
    const onExport = vi.fn();
    render(<Shell owner onExport={onExport} />);
    act(() => useUiStore.getState().requestAction('transfers:export'));
    expect(onExport).toHaveBeenCalledTimes(1);
    act(() => useUiStore.getState().requestAction('local:sync'));
    expect(onExport).toHaveBeenCalledTimes(1);
    act(() => useUiStore.getState().requestAction('transfers:export'));
    expect(onExport).toHaveBeenCalledTimes(2);
  });

  it('runs for an owner that appears in the same update as the request (the section switch)', () => {
    const onExport = vi.fn();
    function Switching() {
      useSettleActions(true);
      const section = useUiStore((s) => s.section);
      return section === 'transfers' ? <Owner onExport={onExport} /> : null;
    }
    useUiStore.setState({ section: 'chains' });
    render(<Switching />);
    act(() => useUiStore.getState().requestAction('transfers:export'));
    expect(onExport).toHaveBeenCalledTimes(1);
  });

  it('drops a request nobody on screen took: an owner mounted later never runs it', () => {
    const onExport = vi.fn();
    let show: (v: boolean) => void = () => {};
    function Later() {
      useSettleActions(true);
      const [owner, setOwner] = useState(false);
      show = setOwner;
      return owner ? <Owner onExport={onExport} /> : null;
    }
    render(<Later />);
    act(() => useUiStore.getState().requestAction('transfers:export'));
    act(() => show(true));
    expect(onExport).not.toHaveBeenCalled();
  });

  it('tells the user why a dropped request did nothing, until the section changes; a taken one says nothing', () => {
    function Told({ owner }: { owner: boolean }) {
      const note = useSettleActions(true);
      return (
        <>
          {owner && <Owner onExport={() => {}} />}
          <p data-testid="note">{note ?? ''}</p>
        </>
      );
    }
    const view = render(<Told owner={false} />);
    act(() => useUiStore.getState().requestAction('transfers:compare-nodes'));
    expect(view.getByTestId('note').textContent).toBe(
      'Compare nodes runs the filters on screen: show a party’s transfers first.',
    );
    act(() => useUiStore.getState().showSection('chains'));
    expect(view.getByTestId('note').textContent).toBe('');

    view.rerender(<Told owner />);
    act(() => useUiStore.getState().requestAction('transfers:export'));
    expect(view.getByTestId('note').textContent).toBe('');
  });
});
