// The form for one function: its inputs typed from the ABI, then where and how to call it
// (contract address, block tag, optional from and value). Each field checks itself as it is typed.
import type { AbiFunction } from 'viem';
import { Field } from '../../../ui/field.tsx';
import { AbiInputField } from './abi-input-field.tsx';
import { BLOCK_TAGS, parseBlockTag } from './call-request.ts';
import type { ContractFormState } from './contract-store.ts';
import { emptyValue, parseScalar } from './input-parse.ts';

interface FunctionFormProps {
  fn: AbiFunction;
  form: ContractFormState;
  patch: (patch: Partial<ContractFormState>) => void;
}

export function FunctionForm({ fn, form, patch }: FunctionFormProps) {
  const check = (text: string, parse: (t: string) => string | null, required: boolean) =>
    text.trim() || (required && form.showAll) ? parse(text.trim()) : null;
  const addressProblem = (text: string) => {
    const parsed = parseScalar('address', text);
    return parsed.ok ? null : parsed.message;
  };
  const blockProblem = (text: string) => {
    const parsed = parseBlockTag(text);
    return parsed.ok ? null : parsed.message;
  };
  const valueProblem = (text: string) => {
    const parsed = parseScalar('uint256', text);
    return parsed.ok ? null : `wei: ${parsed.message}`;
  };

  return (
    <div className="abi-function-form" data-testid="abi-function-form">
      {fn.inputs.length === 0 && <p className="muted">{fn.name} takes no arguments.</p>}
      {fn.inputs.map((param, index) => (
        <AbiInputField
          key={`${fn.name}-${param.name || index}`}
          param={param}
          fallbackName={`argument ${index + 1}`}
          value={form.inputs[index] ?? emptyValue(param)}
          onChange={(value) => {
            const inputs = fn.inputs.map((p, i) => form.inputs[i] ?? emptyValue(p));
            inputs[index] = value;
            patch({ inputs });
          }}
          showEmpty={form.showAll}
        />
      ))}
      <div className="abi-call-options">
        <Field label="Contract address" error={check(form.to, addressProblem, true)}>
          <input
            className="mono"
            value={form.to}
            onChange={(e) => patch({ to: e.target.value })}
            placeholder="0x…"
            spellCheck={false}
          />
        </Field>
        <Field label="Block" error={check(form.blockTag, blockProblem, true)} hint="a tag or a block number">
          <input
            className="mono"
            list="abi-block-tags"
            value={form.blockTag}
            onChange={(e) => patch({ blockTag: e.target.value })}
            spellCheck={false}
          />
        </Field>
        <datalist id="abi-block-tags">
          {BLOCK_TAGS.map((tag) => (
            <option key={tag} value={tag} />
          ))}
        </datalist>
        <Field label="From (optional)" error={check(form.from, addressProblem, false)}>
          <input
            className="mono"
            value={form.from}
            onChange={(e) => patch({ from: e.target.value })}
            placeholder="msg.sender"
            spellCheck={false}
          />
        </Field>
        <Field label="Value in wei (optional)" error={check(form.value, valueProblem, false)}>
          <input
            className="mono"
            value={form.value}
            onChange={(e) => patch({ value: e.target.value })}
            placeholder="0"
            spellCheck={false}
          />
        </Field>
      </div>
    </div>
  );
}
