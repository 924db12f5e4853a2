// Named values with their types: a function's outputs or arguments, an event's or an error's arguments.

import { useKeyboardGrid } from '../../../ui/keyboard-grid.ts';
import type { NamedValue } from './format-value.ts';
import { TokenAmount } from './token-amount.tsx';

export function DecodedValues({ values, label }: { values: readonly NamedValue[]; label: string }) {
  const grid = useKeyboardGrid();
  if (values.length === 0) return <p className="muted">No values.</p>;
  return (
    <table ref={grid} className="abi-values" aria-label={label}>
      <tbody>
        {values.map((v) => (
          <tr key={v.name}>
            <th scope="row">{v.name}</th>
            <td className="muted mono">{v.type}</td>
            <td className="mono abi-value">
              {v.text}
              {v.tokenAmountOf && <TokenAmount raw={v.text} address={v.tokenAmountOf} />}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Unknown calldata or error data: the 4-byte selector called out, the rest as it came. */
export function RawSelector({ selector, data, what }: { selector: string | null; data: string; what: string }) {
  return (
    <p data-testid="abi-unknown-selector">
      {selector ? (
        <>
          Unknown {what} selector <strong className="mono">{selector}</strong>: no ABI in the library has it. Raw:{' '}
        </>
      ) : (
        <>Not ABI-encoded (shorter than a 4-byte selector). Raw: </>
      )}
      <span className="mono abi-raw">{data.length > 202 ? `${data.slice(0, 202)}…` : data}</span>
    </p>
  );
}
