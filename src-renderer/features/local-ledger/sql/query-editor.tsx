// The notebook's editor (sql-editor.tsx) with what it says around it: what the SQL can read and where
// the form's values go, above it; the error of the last Run, below it (also marked in the text).
import type { ComponentProps } from 'react';
import { SQL_ROW_CAP } from '../../../../src-shared/contract/local-ledger.ts';
import { count } from '../../../ui/local-format.ts';
import { SqlEditor } from './sql-editor.tsx';

export function QueryEditor(props: ComponentProps<typeof SqlEditor>) {
  const { error } = props;
  return (
    <>
      <p className="muted sql-hint">
        Read-only, over the <code>legs</code> and <code>instrument_totals</code> views;{' '}
        <code>decimal_text(sum(amount_units), amount_scale)</code> sums exactly; <code>{'{{party}}'}</code>,{' '}
        <code>{'{{from}}'}</code>, <code>{'{{to}}'}</code> and declared parameters come from the form. The first{' '}
        {count(SQL_ROW_CAP)} rows are shown.
      </p>
      <SqlEditor {...props} />
      {error && (
        <p className="sql-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
