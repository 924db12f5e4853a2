// Settings: where settings and logs live, each with Reveal (docs/desktop.md).
import { RevealFolders } from '../../ui/reveal-folders.tsx';

export function FoldersPanel() {
  return (
    <section className="panel" aria-labelledby="folders-heading">
      <h2 id="folders-heading">Settings and logs folders</h2>
      <p className="muted">For a support case: the logs folder holds main.log (and main.1.log, the one before).</p>
      <RevealFolders />
    </section>
  );
}
