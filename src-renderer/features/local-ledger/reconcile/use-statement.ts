// The statement being reconciled: the CSV chosen (read here as text, as the address book's import),
// its header as main splits it, and the column mapping offered for that header (main remembers the
// last one confirmed for it), which the user may change.
import { useRef, useState } from 'react';
import {
  type Delimiter,
  RECONCILE_CSV_MAX,
  type ReconcileMapping,
  type ReconcileMappingAnswer,
} from '../../../../src-shared/contract/reconcile.ts';
import { RECONCILE_HEAD_CHARS, useReconcileMapping } from '../../../data/reconcile.ts';

/** `onChosen`: another file was chosen, so a result (or export) of the last one is not its own. */
export function useStatement(profileId: string, onChosen: () => void) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ReconcileMapping | null>(null);
  const [delimiter, setDelimiter] = useState<Delimiter>('auto');
  // The last header read (kept while another delimiter's is read, so the form stays in place).
  const [answer, setAnswer] = useState<ReconcileMappingAnswer | null>(null);
  const header = useReconcileMapping();

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    if (fileInput.current) fileInput.current.value = '';
    onChosen();
    setMapping(null);
    setAnswer(null);
    if (chosen.size > RECONCILE_CSV_MAX) {
      setFile(null);
      setFileError(`${chosen.name} is over 200 MB: split the statement by period.`);
      return;
    }
    setFileError(null);
    const text = await chosen.text();
    setFile({ name: chosen.name, text });
    readHeader(text, delimiter);
  };
  // The header (and the mapping offered for it) as split with `choice`; a Reconcile sends the
  // delimiter the header was read with.
  const readHeader = (text: string, choice: Delimiter) =>
    header.mutate(
      { profileId, head: text.slice(0, RECONCILE_HEAD_CHARS), delimiter: choice },
      {
        onSuccess: (read: ReconcileMappingAnswer) => {
          setAnswer(read);
          setMapping(read.mapping);
        },
      },
    );
  const chooseDelimiter = (choice: Delimiter) => {
    setDelimiter(choice);
    if (file) readHeader(file.text, choice);
  };
  return { fileInput, file, fileError, header, answer, mapping, setMapping, delimiter, choose, chooseDelimiter };
}

export type Statement = ReturnType<typeof useStatement>;
