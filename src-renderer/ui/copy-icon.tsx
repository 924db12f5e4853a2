// Copy, drawn as an icon beside a value in a table cell (an amount, an update id): out of sight
// until the row is hovered or the button has the keyboard focus, and always in its place, so
// showing it moves nothing (16 px plus a 3 px gap: COPY_ICON_PX in amount-text.ts). It is a real
// button, named with what it copies ("Copy volume in 1234.5", then "Copied volume in 1234.5").
import { useCopy } from './copy-button.tsx';
import './copy-icon.css';

/** `name`: what is copied, as a screen reader hears it after "Copy", "Copied" or "Could not copy". */
export function CopyIcon({ text, name }: { text: string; name: string }) {
  const { state, copy } = useCopy(text);
  const said = state === 'copied' ? `Copied ${name}` : state === 'failed' ? `Could not copy ${name}` : `Copy ${name}`;
  return (
    <button
      type="button"
      className="copy-icon"
      data-state={state}
      aria-label={said}
      title={said}
      onClick={(event) => {
        // Inside a clickable row: copying must not also open the row.
        event.stopPropagation();
        copy();
      }}
    />
  );
}
