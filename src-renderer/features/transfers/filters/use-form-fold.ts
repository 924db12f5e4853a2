// Whether the filter form is folded into its one line (filter-bar.tsx): folded while the filters
// on screen are the ones that ran; a new query (the form, a drill-down, a node picked on the
// quarantine card) folds it again.
import { useEffect, useRef, useState } from 'react';
import type { TransferFilters } from '../../../../src-shared/contract/transfers.ts';

export function useFormFold(ranFilters: TransferFilters | undefined) {
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (ranFilters) setEditing(false);
  }, [ranFilters]);
  const formRef = useRef<HTMLFormElement>(null);
  const unfold = () => {
    setEditing(true);
    // The form is shown by the same event; the first field takes the focus once it is.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLInputElement>('input')?.focus());
  };
  return { folded: ranFilters !== undefined && !editing, formRef, unfold, fold: () => setEditing(false) };
}
