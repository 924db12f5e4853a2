// An update id (Canton: 1220 + 64 hex digits) in a table: its start and end, which tell two apart
// at a glance; the whole id on hover and in a Copy button (a case needs the exact id).
import { CopyButton } from './copy-button.tsx';

/** The short form: the first 12 and last 8 characters of an id longer than 24. */
export const shortUpdateId = (id: string) => (id.length > 24 ? `${id.slice(0, 12)}…${id.slice(-8)}` : id);

export function UpdateId({ id }: { id: string }) {
  return (
    <span className="party-id">
      <span className="mono" title={id}>
        {shortUpdateId(id)}
      </span>
      <CopyButton text={id} label="update id" />
    </span>
  );
}
