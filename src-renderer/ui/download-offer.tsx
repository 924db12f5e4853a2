// Beside a file main wrote for the user (an export, the case report, the address book): in the
// browser version, which machine the path is on and a Download that brings the file to this
// browser. The desktop app shows nothing here: it saved where the user chose, on this machine.
// The same flag as the case report's PDF choice: app:info's transport.
import { useAppInfo } from '../data/app.ts';
import { useOfferDownload } from '../data/downloads.ts';
import { ErrorMessage } from './error-message.tsx';
import './download-offer.css';

export function DownloadOffer({ path, folder = false }: { path: string; folder?: boolean }) {
  const browser = useAppInfo().data?.transport === 'web';
  const offer = useOfferDownload();
  if (!browser) return null;
  const download = () =>
    offer.mutate(path, {
      // A same-origin link with `download`: the browser saves the answer (an attachment) where it
      // saves downloads; the page stays. The address is good once, for ten minutes.
      onSuccess: (deal) => {
        const link = document.createElement('a');
        link.href = deal.url;
        link.download = deal.fileName;
        link.hidden = true;
        document.body.append(link);
        link.click();
        link.remove();
      },
    });
  return (
    <div className="download-offer" data-testid="download-offer">
      <span className="muted">
        {folder
          ? 'This folder is on the machine running the app; a folder cannot be downloaded here (export Parquet for one file).'
          : 'This file is on the machine running the app.'}
      </span>
      {!folder && (
        <button type="button" onClick={download} disabled={offer.isPending} aria-label={`Download ${baseName(path)}`}>
          {offer.isPending ? 'Preparing download…' : 'Download'}
        </button>
      )}
      {offer.error && <ErrorMessage error={offer.error} title="The file could not be downloaded." />}
    </div>
  );
}

/** The file's own name, whichever separator the server's machine uses. */
const baseName = (path: string) => path.split(/[\\/]/).at(-1) ?? path;
