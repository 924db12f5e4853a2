// A time in a table cell: whole, on one line, in the amounts' monospaced font, so a column of times
// lines up digit under digit and a virtualized table sizes the column from the characters it holds
// (cell-width.ts), never cutting one with "…". The text as sent is on hover.
import './time-text.css';

export function TimeText({ text, sent }: { text: string; sent: string | null }) {
  return (
    <span className="time-text" title={sent ?? undefined}>
      {text}
    </span>
  );
}
