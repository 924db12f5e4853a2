// "Pin to dashboard": the open query as a dashboard panel (docs/dashboards.md): the file (or built-in)
// as saved, shown as it is shown here, with the form's values and the parties the last Run read.
import {
  formValues,
  type InstrumentSeen,
  type ParamField,
  resolveInstruments,
} from '../../../../src-shared/notebook/query-form.ts';
import type { TimeZoneChoice } from '../../../../src-shared/time/time-text.ts';
import { pinnedValues, pinToDashboard } from '../../../data/dashboard.ts';
import type { ResultViewKind } from './result-view.tsx';
import type { NotebookStatus } from './use-notebook-status.ts';
import type { QueryDocument } from './use-query-document.ts';
import type { Ran } from './use-query-run.ts';

interface PinInputs {
  profileId: string;
  doc: QueryDocument;
  status: NotebookStatus;
  view: ResultViewKind;
  fields: ParamField[];
  typed: Record<string, string>;
  instruments: InstrumentSeen[] | null;
  ran: Ran | null;
  party: string;
  zone: TimeZoneChoice;
}

export function pinAction({ profileId, doc, status, view, fields, typed, instruments, ran, party, zone }: PinInputs) {
  const { origin, dirty } = doc;
  const { setActionError, setNotice } = status;
  return () =>
    status.attempt(async () => {
      if (origin.kind === 'scratch' || dirty) {
        setActionError(
          origin.kind === 'scratch'
            ? 'Save the query as a file first: a dashboard panel runs a file of the folder.'
            : origin.kind === 'builtin'
              ? 'The dashboard runs the built-in query as it ships: Duplicate to keep your edits as a file.'
              : 'Save the query first: the dashboard runs the file as saved.',
        );
        return;
      }
      const query =
        origin.kind === 'file'
          ? { kind: 'file' as const, file: origin.file }
          : { kind: 'builtin' as const, id: origin.id };
      const { panels } = await pinToDashboard(profileId, {
        query,
        view,
        params: pinnedValues(
          fields,
          resolveInstruments(fields, formValues(fields, typed, { party, zone }), instruments).values,
          zone,
        ),
        // The panel reads the parties the query read here (none written: every synced party).
        ...(ran?.scope ? { scope: ran.scope } : {}),
      });
      setNotice(`Pinned to the dashboard (${panels} panel${panels === 1 ? '' : 's'}): see the Dashboard tab.`);
    });
}
