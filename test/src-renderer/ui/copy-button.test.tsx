import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CopyButton } from '../../../src-renderer/ui/copy-button.tsx';
import { renderWithApp } from '../support/render-with-app.tsx';

describe('CopyButton', () => {
  it('puts the text on the clipboard and says so', async () => {
    const { user } = renderWithApp(<CopyButton text="alice::1220abcd" label="party id" />);

    await user.click(screen.getByRole('button', { name: 'Copy party id' }));

    expect(await screen.findByRole('button', { name: 'Copy party id' })).toHaveProperty('textContent', 'Copied');
    expect(await navigator.clipboard.readText()).toBe('alice::1220abcd');
  });

  it('says so when the clipboard refuses', async () => {
    const { user } = renderWithApp(<CopyButton text="secret-free text" label="command" />);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));

    await user.click(screen.getByRole('button', { name: 'Copy command' }));

    expect(await screen.findByText('Copy failed')).toBeTruthy();
  });

  it('does not also click the row it sits in', async () => {
    const onRowClick = vi.fn();
    const { user } = renderWithApp(
      // biome-ignore lint/a11y/useKeyWithClickEvents: a stand-in for the clickable table row
      // biome-ignore lint/a11y/noStaticElementInteractions: a stand-in for the clickable table row
      <div onClick={onRowClick}>
        <CopyButton text="x" label="value" />
      </div>,
    );

    await user.click(screen.getByRole('button', { name: 'Copy value' }));

    expect(await screen.findByText('Copied')).toBeTruthy();
    expect(onRowClick).not.toHaveBeenCalled();
  });
});
