// The "Add ABI" form: a name, an optional address, the ABI pasted or imported from a file. Each
// field is checked here, with the checker main uses (parseAbiText), before anything is sent; main's
// own refusal lands at the same field. A refused ABI is never saved.
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { parseAbiText } from '../../../../src-shared/abi/abi-json.ts';
import { AbiAddress, AbiName } from '../../../../src-shared/contract/abi-library.ts';
import { useSaveAbi } from '../../../data/abi.ts';
import { ErrorMessage, fieldIssue } from '../../../ui/error-message.tsx';
import { Field } from '../../../ui/field.tsx';
import { addressChecksumProblem } from './address-checksum.ts';

type Issues = Partial<Record<'name' | 'address' | 'abiText', string>>;

/** Files larger than this are not read into the page at all (main takes at most 1 MB of ABI). */
const MAX_FILE_BYTES = 8 * 1024 * 1024;

export function AddAbiForm({ profileId, onDone }: { profileId: string; onDone: (id: string | null) => void }) {
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const [abiText, setAbiText] = useState('');
  const [issues, setIssues] = useState<Issues>({});
  const file = useRef<HTMLInputElement>(null);
  const save = useSaveAbi();

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = ''; // the same file can be chosen again after an edit
    if (!chosen) return;
    if (chosen.size > MAX_FILE_BYTES) {
      setIssues({ abiText: `${chosen.name} is ${(chosen.size / 1024 / 1024).toFixed(1)} MB; an ABI is at most 1 MB` });
      return;
    }
    setAbiText(await chosen.text());
    // A Foundry artifact is out/Token.sol/Token.json: the file name is a good first name.
    if (!name.trim()) setName(chosen.name.replace(/\.json$/i, ''));
    setIssues((found) => ({ ...found, abiText: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Issues = {};
    const checkedName = AbiName.safeParse(name);
    if (!checkedName.success) found.name = checkedName.error.issues[0]?.message;
    const typed = address.trim();
    if (typed) {
      const checked = AbiAddress.safeParse(typed);
      found.address = checked.success
        ? ((await addressChecksumProblem(typed)) ?? undefined)
        : checked.error.issues[0]?.message;
    }
    const parsed = parseAbiText(abiText);
    if (!parsed.ok) found.abiText = parsed.message;
    setIssues(found);
    if (Object.values(found).some(Boolean)) return;
    save.mutate(
      { profileId, name: name.trim(), address: typed || null, abiText },
      { onSuccess: (entry) => onDone(entry.id) },
    );
  };
  const issue = (field: keyof Issues) => issues[field] ?? fieldIssue(save.error, field);
  const otherError = save.error && !(['name', 'address', 'abiText'] as const).some((f) => fieldIssue(save.error, f));

  return (
    <form className="rpc-abi-form" aria-label="Add ABI" onSubmit={submit} noValidate>
      <Field label="Contract name" error={issue('name')}>
        <input value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field label="Address (optional)" error={issue('address')}>
        <input value={address} placeholder="0x…" spellCheck={false} onChange={(e) => setAddress(e.target.value)} />
      </Field>
      <Field
        label="ABI JSON"
        error={issue('abiText')}
        hint="A JSON ABI array, or a Foundry / Hardhat artifact (its abi field is used)."
      >
        <textarea value={abiText} rows={6} spellCheck={false} onChange={(e) => setAbiText(e.target.value)} />
      </Field>
      <input
        ref={file}
        type="file"
        accept=".json,application/json"
        hidden
        aria-label="ABI file"
        onChange={(e) => void importFile(e)}
      />
      <div className="rpc-abi-form-actions">
        <button type="button" onClick={() => file.current?.click()}>
          Import file…
        </button>
        <button type="submit" className="primary" disabled={save.isPending}>
          Save ABI
        </button>
        <button type="button" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
      {otherError && <ErrorMessage error={save.error} title="The ABI was not saved." />}
    </form>
  );
}
