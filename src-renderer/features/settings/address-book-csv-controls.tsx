// Import and export of the address book as CSV. Import reads the chosen file as text here and
// hands it to main, which keeps the good rows and answers each bad row by its line number; the
// answer stays on screen until the next import. docs/address-book.md
import { useRef, useState } from 'react';
import { ADDRESS_BOOK_CSV_MAX } from '../../../src-shared/contract/address-book.ts';
import { useExportParties, useImportParties } from '../../data/party-book.ts';
import { DownloadOffer } from '../../ui/download-offer.tsx';
import { ErrorMessage } from '../../ui/error-message.tsx';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

export function AddressBookCsvControls() {
  const importer = useImportParties();
  const exporter = useExportParties();
  const fileInput = useRef<HTMLInputElement>(null);
  const [tooBig, setTooBig] = useState<string | null>(null);

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    if (fileInput.current) fileInput.current.value = '';
    importer.reset();
    exporter.reset(); // the status says what the last action did, not both
    // Refused here with the limit main applies, so a wrong (huge) file is not even read.
    setTooBig(
      file.size > ADDRESS_BOOK_CSV_MAX ? `${file.name} is over 2 MB: not an address book? Nothing was imported.` : null,
    );
    if (file.size <= ADDRESS_BOOK_CSV_MAX) importer.mutate(await file.text());
  };
  const result = importer.data;

  return (
    <div className="address-book-csv">
      <div className="inline-fields">
        <button type="button" onClick={() => fileInput.current?.click()} disabled={importer.isPending}>
          Import CSV…
        </button>
        {/* The system file chooser, opened by the button above (a file input cannot be styled as one). */}
        <input
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          hidden
          aria-label="Address book CSV file"
          onChange={(e) => void readFile(e.target.files?.[0])}
        />
        <button
          type="button"
          onClick={() => {
            importer.reset();
            setTooBig(null);
            exporter.mutate();
          }}
          disabled={exporter.isPending}
        >
          Export CSV…
        </button>
        <span className="muted">Columns: party,label,colour,note</span>
      </div>
      <div role="status" className="address-book-csv-status">
        {importer.isPending && 'Importing…'}
        {result && (
          <span>
            Imported: {count(result.added, 'party', 'parties')} added, {result.updated} updated, {result.unchanged}{' '}
            unchanged
            {result.problems.length > 0 && `; ${count(result.problems.length, 'row', 'rows')} not imported`}.
          </span>
        )}
        {exporter.data && `Saved ${count(exporter.data.parties, 'party', 'parties')} to ${exporter.data.path}`}
      </div>
      {exporter.data && <DownloadOffer key={exporter.data.path} path={exporter.data.path} />}
      {result && result.problems.length > 0 && (
        <ul className="import-problems" aria-label="Rows not imported">
          {result.problems.map((p) => (
            <li key={`${p.line}:${p.message}`}>
              <strong>Line {p.line}:</strong> {p.message}
            </li>
          ))}
        </ul>
      )}
      {tooBig && (
        <p className="field-error" role="alert">
          {tooBig}
        </p>
      )}
      {importer.error && <ErrorMessage error={importer.error} title="The file could not be imported." />}
      {exporter.error && <ErrorMessage error={exporter.error} title="The address book could not be exported." />}
    </div>
  );
}
