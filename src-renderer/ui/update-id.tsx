// An update id (Canton: 1220 + 64 hex digits) in a table: its start and end, which tell two apart
// at a glance, on one line; the whole id on hover, on keyboard focus (full-text-tip.ts) and in
// what a copy takes (the Copy icon, or Ctrl+C on the cell): a case needs the exact id.
import { CopyIcon } from './copy-icon.tsx';
import { shortUpdateId } from './update-id-format.ts';

/** `name`: what Copy says it copies ("update id"; a statement's reference uses it too). */
export function UpdateId({ id, name = 'update id' }: { id: string; name?: string }) {
  const short = shortUpdateId(id);
  return (
    <span className="id-cell">
      <span className="mono" title={id} data-full-text={short === id ? undefined : id}>
        {short}
      </span>
      <CopyIcon text={id} name={name} />
    </span>
  );
}
