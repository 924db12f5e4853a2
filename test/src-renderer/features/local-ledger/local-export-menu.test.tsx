// Export from the store: the chosen format and the view's source go to main, which asks where to
// save; the menu then says where the file went, its rows and size, or that the dialog was closed,
// or the error.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LocalExportMenu } from '../../../../src-renderer/features/local-ledger/export/local-export-menu.tsx';
import type { LocalExportSource } from '../../../../src-shared/contract/local-ledger.ts';
import { createFakeBridge, failWith } from '../../../fixtures/fake-bridge.ts';
import { renderWithApp } from '../../support/render-with-app.tsx';

const SOURCE: LocalExportSource = { kind: 'sql', sql: 'SELECT * FROM legs' };

describe('LocalExportMenu', () => {
  it('exports in the chosen format and says where, how many rows and how large', async () => {
    const bridge = createFakeBridge({
      local: {
        export: async () => ({
          path: '/home/me/legs.parquet',
          rows: 12_345,
          bytes: 2_500_000,
          elapsedMs: 40,
          readBack: "CREATE OR REPLACE VIEW export AS SELECT * FROM read_parquet('/home/me/legs.parquet');\n",
        }),
      },
    });
    const { user } = renderWithApp(<LocalExportMenu profileId="sandbox" source={SOURCE} />, { bridge });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Export: format' }), 'parquet');
    await user.click(screen.getByRole('button', { name: 'Export…' }));

    const done = await screen.findByRole('status');
    expect(bridge.local.export).toHaveBeenCalledExactlyOnceWith({
      profileId: 'sandbox',
      source: SOURCE,
      format: 'parquet',
    });
    expect(done.textContent).toContain('Wrote 12,345 rows');
    expect(done.textContent).toContain('/home/me/legs.parquet');
    // The SQL that reads the file back in DuckDB, as main wrote it, one click away.
    await user.click(screen.getByRole('button', { name: 'Copy DuckDB SQL that reads this export' }));
    expect(await navigator.clipboard.readText()).toBe(
      "CREATE OR REPLACE VIEW export AS SELECT * FROM read_parquet('/home/me/legs.parquet');\n",
    );
  });

  it('offers Parquet by month and says when the save dialog was closed', async () => {
    const bridge = createFakeBridge();
    const { user } = renderWithApp(<LocalExportMenu profileId="sandbox" source={SOURCE} label="Export query" />, {
      bridge,
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Export query: format' }), 'parquet-by-month');
    await user.click(screen.getByRole('button', { name: 'Export query…' }));
    expect((await screen.findByRole('status')).textContent).toBe('Export cancelled.');
    expect(bridge.local.export).toHaveBeenCalledWith(expect.objectContaining({ format: 'parquet-by-month' }));
  });

  it('shows the error main gave', async () => {
    const bridge = createFakeBridge();
    failWith(bridge.local.export, 'invalid_argument', 'Only reads run here: DROP was refused.');
    const { user } = renderWithApp(<LocalExportMenu profileId="sandbox" source={SOURCE} />, { bridge });
    await user.click(screen.getByRole('button', { name: 'Export…' }));
    expect((await screen.findByRole('alert')).textContent).toContain('DROP was refused');
  });
});
