// The one amount cell every table uses: the whole amount as text, a Copy button a keyboard and a
// screen reader reach (named with the amount), which copies the amount exactly as sent and does
// not also click the row; an amount kept as text is marked for the eye and said for the ear.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AmountCell } from '../../../src-renderer/ui/amount-cell.tsx';
import { renderWithApp } from '../support/render-with-app.tsx';

const LONG = '123456789012345678901234567890.123456789012345678';

describe('AmountCell', () => {
  it('shows the whole amount and copies it exactly as sent, without also clicking the row', async () => {
    const onRow = vi.fn();
    const { user, container } = renderWithApp(
      // biome-ignore lint/a11y/useKeyWithClickEvents: a stand-in for a clickable table row
      // biome-ignore lint/a11y/noStaticElementInteractions: a stand-in for a clickable table row
      <div onClick={onRow}>
        <AmountCell amount={LONG} decimals={20} label="volume in" />
      </div>,
    );

    expect(container.querySelector('.amount-text')?.textContent).toBe(
      '123,456,789,012,345,678,901,234,567,890.12345678901234567800',
    );
    const copy = screen.getByRole('button', { name: `Copy volume in ${LONG}` });
    await user.click(copy);

    expect(await navigator.clipboard.readText()).toBe(LONG);
    expect(copy.getAttribute('aria-label')).toBe(`Copied volume in ${LONG}`);
    expect(onRow).not.toHaveBeenCalled();
  });

  it('is reached with the keyboard', async () => {
    const { user } = renderWithApp(<AmountCell amount="1.5" decimals={2} />);
    await user.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Copy amount 1.5');
    await user.keyboard('{Enter}');
    expect(await navigator.clipboard.readText()).toBe('1.5');
  });

  it('marks an amount kept as text for the eye and says why for a screen reader', () => {
    const { container } = renderWithApp(<AmountCell amount="1e400" decimals={2} exact={false} />);
    const cell = container.querySelector('.amount-cell') as HTMLElement;
    expect(cell.querySelector('.amount-text')?.textContent).toBe('≈ 1e400');
    expect(cell.querySelector('.inexact-marker')?.getAttribute('aria-hidden')).toBe('true');
    expect(cell.textContent).toBe('≈ 1e400 (kept as text, left out of sums)');
    expect(cell.title).toBe('Kept as text (1e400): not an exact decimal, left out of sums');
  });

  it('shows a dash, and nothing to copy, for a missing amount', () => {
    const { container } = renderWithApp(<AmountCell amount={null} decimals={2} />);
    expect(container.textContent).toBe('—');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
