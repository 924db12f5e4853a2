// Export of a local view or query: main asks where to save and writes it with DuckDB (every row,
// no cap). Says where it went, how many rows and how large, with the DuckDB SQL that reads it back
// (copyable), or why it failed.
import { useState } from 'react';
import type { LocalExportFormat, LocalExportSource } from '../../../../src-shared/contract/local-ledger.ts';
import { useLocalExport } from '../../../data/local-sql.ts';
import { CopyButton } from '../../../ui/copy-button.tsx';
import { DownloadOffer } from '../../../ui/download-offer.tsx';
import { ErrorMessage } from '../../../ui/error-message.tsx';
import { bytes, count } from '../../../ui/local-format.ts';

const FORMATS: Array<{ value: LocalExportFormat; label: string }> = [
  { value: 'csv', label: 'CSV' },
  { value: 'jsonl', label: 'JSON Lines' },
  { value: 'parquet', label: 'Parquet' },
  { value: 'parquet-by-month', label: 'Parquet by month (folders)' },
];

export function LocalExportMenu({
  profileId,
  source,
  label = 'Export',
}: {
  profileId: string;
  source: LocalExportSource;
  label?: string;
}) {
  const [format, setFormat] = useState<LocalExportFormat>('csv');
  const exporting = useLocalExport(profileId);
  return (
    <div className="local-export">
      <select
        aria-label={`${label}: format`}
        value={format}
        onChange={(e) => setFormat(e.target.value as LocalExportFormat)}
      >
        {FORMATS.map((f) => (
          <option key={f.value} value={f.value}>
            {f.label}
          </option>
        ))}
      </select>
      <button type="button" disabled={exporting.isPending} onClick={() => exporting.mutate({ source, format })}>
        {exporting.isPending ? 'Exporting…' : `${label}…`}
      </button>
      {exporting.isSuccess && exporting.data && (
        <span className="local-export-done" role="status">
          Wrote {count(exporting.data.rows)} {exporting.data.rows === 1 ? 'row' : 'rows'} ({bytes(exporting.data.bytes)}
          ) to <code>{exporting.data.path}</code>{' '}
          {/* The DuckDB SQL that reads the file as the app reads its store (docs/local-ledger.md, "Read an export back"). */}
          <CopyButton text={exporting.data.readBack} label="DuckDB SQL that reads this export" />
        </span>
      )}
      {exporting.isSuccess && exporting.data && (
        <DownloadOffer
          key={exporting.data.path}
          path={exporting.data.path}
          folder={exporting.variables.format === 'parquet-by-month'}
        />
      )}
      {exporting.isSuccess && !exporting.data && (
        <span className="muted" role="status">
          Export cancelled.
        </span>
      )}
      {exporting.isError && <ErrorMessage error={exporting.error} title="The export failed." />}
    </div>
  );
}
