// Where the Local ledger reads from: this computer's store, or a team's lake (docs/lake.md, "In the
// app"), opened read-only by its folder and remembered for the profile. A folder that is not a lake
// says why at the field; nothing is changed until one opens.
import { useState } from 'react';
import { asBridgeError } from '../../../src-shared/contract/errors.ts';
import { LakeFolder } from '../../../src-shared/contract/lake.ts';
import { useChooseLake, useLake } from '../../data/local-ledger.ts';
import { Field } from '../../ui/field.tsx';

export function LakeSource({ profileId }: { profileId: string }) {
  const lake = useLake(profileId);
  const choose = useChooseLake(profileId);
  const [asking, setAsking] = useState(false);
  const [typed, setTyped] = useState('');
  const [issue, setIssue] = useState<string | null>(null);

  const open = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = LakeFolder.safeParse(typed);
    if (!checked.success) {
      setIssue(checked.error.issues[0]?.message ?? 'not a folder');
      return;
    }
    setIssue(null);
    choose.mutate(checked.data, {
      onSuccess: () => setAsking(false),
      onError: (error) => setIssue(asBridgeError(error).message),
    });
  };

  if (lake.data) {
    return (
      <div className="local-lake-source">
        <span>
          Reading the lake at <code>{lake.data.folder}</code> (read-only; npm run cli -- lake sync writes it)
        </span>
        <button type="button" onClick={() => choose.mutate(null)} disabled={choose.isPending}>
          Close lake
        </button>
      </div>
    );
  }
  return (
    <div className="local-lake-source">
      {lake.error && <span className="field-error">{asBridgeError(lake.error).message}</span>}
      {!asking ? (
        <button type="button" onClick={() => setAsking(true)}>
          Open a lake…
        </button>
      ) : (
        <form onSubmit={open} aria-label="Open a lake">
          <Field
            label="Lake folder"
            error={issue}
            hint="A folder written by npm run cli -- lake sync (it holds _lake.json)"
          >
            <input
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder="/desk/ledger-lake"
              spellCheck={false}
            />
          </Field>
          <button type="submit" disabled={choose.isPending}>
            Open
          </button>
          <button type="button" onClick={() => setAsking(false)}>
            Cancel
          </button>
        </form>
      )}
    </div>
  );
}
