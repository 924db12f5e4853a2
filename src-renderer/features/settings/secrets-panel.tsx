import { type FormEvent, useId, useState } from 'react';
import { SECRET_KINDS, SECRET_LABELS, type SecretKind, SecretValue } from '../../../src-shared/contract/schemas.ts';
import { useAppInfo } from '../../data/app.ts';
import { useSandboxCredential, useSecretMutation, useSecretStatus } from '../../data/secrets.ts';
import { CopyButton } from '../../ui/copy-button.tsx';
import { ErrorMessage } from '../../ui/error-message.tsx';

/** Secrets of one profile. The renderer sends a secret once and from then on only sees {present, hint}. */
export function SecretsPanel({ profileId }: { profileId: string }) {
  const status = useSecretStatus(profileId);
  const storage = useAppInfo().data?.secretStorage;
  return (
    <section className="panel" aria-labelledby="secrets-heading">
      <h2 id="secrets-heading">Secrets</h2>
      <p className="muted">
        {storage?.backend === 'keychain'
          ? 'Stored in the OS keychain. They never leave the main process; this screen only shows their last characters.'
          : storage?.cause === 'keytar-not-loaded'
            ? 'The keychain module (keytar) is not installed: secrets are kept in memory until you quit. The banner above says how to install it.'
            : 'The OS keychain is unavailable: secrets are kept in memory until you quit.'}
      </p>
      {status.error && <ErrorMessage error={status.error} />}
      {SECRET_KINDS.map((kind) => (
        <SecretRow key={kind} profileId={profileId} kind={kind} status={status.data?.[kind]} />
      ))}
    </section>
  );
}

function SecretRow({
  profileId,
  kind,
  status,
}: {
  profileId: string;
  kind: SecretKind;
  status: { present: boolean; hint: string | null; source: string | null } | undefined;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const { save, clear } = useSecretMutation(profileId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = SecretValue.safeParse(draft);
    if (!checked.success) {
      setInputError(checked.error.issues[0]?.message ?? 'invalid');
      return;
    }
    setInputError(null);
    save.mutate(
      { kind, value: checked.data },
      {
        onSuccess: () => {
          setDraft('');
          save.reset();
        },
      },
    );
  };

  return (
    <form className="secret-row" onSubmit={submit} data-testid={`secret-${kind}`}>
      <label htmlFor={id} id={`${id}-label`}>
        {SECRET_LABELS[kind]}
      </label>
      <span className="secret-status" data-testid={`secret-${kind}-status`}>
        {describeStatus(status)}
      </span>
      <input
        id={id}
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={draft}
        placeholder={status?.present ? 'Replace…' : 'Paste to save'}
        onChange={(event) => setDraft(event.target.value)}
        aria-invalid={inputError ? true : undefined}
        aria-describedby={inputError ? `${id}-error` : undefined}
      />
      {/* The keychain may take its 5 s before it answers (docs/faults.md): the buttons say they wait. */}
      <button type="submit" disabled={save.isPending || draft.length === 0}>
        {save.isPending ? 'Saving…' : 'Save'}
      </button>
      <button
        type="button"
        disabled={!status?.present || status.source === 'sandbox' || clear.isPending}
        onClick={() => clear.mutate(kind)}
      >
        {clear.isPending ? 'Clearing…' : 'Clear'}
      </button>
      {status?.source === 'sandbox' && <SandboxValue profileId={profileId} kind={kind} labelId={`${id}-label`} />}
      {inputError && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {inputError}
        </span>
      )}
      {save.error && <ErrorMessage error={save.error} />}
      {clear.error && <ErrorMessage error={clear.error} />}
    </form>
  );
}

/**
 * The sandbox's built-in credential, shown when asked for: it protects nothing (it is derived from
 * the sandbox's seed and printed by `npm run sandbox`), and a user trying the sandbox with curl or
 * Postman needs it. Hidden again when the screen closes; a secret the user saved is never shown.
 */
function SandboxValue({ profileId, kind, labelId }: { profileId: string; kind: SecretKind; labelId: string }) {
  const reveal = useSandboxCredential(profileId);
  const [shown, setShown] = useState<string | null>(null);
  // Named by what they do, described by the row's label: a name holding the label would answer to
  // the secret field's own label too ("API key …" would be three controls, not the field).
  if (shown === null) {
    return (
      <div className="sandbox-credential">
        <button
          type="button"
          aria-label="Show the built-in value"
          aria-describedby={labelId}
          disabled={reveal.isPending}
          onClick={() => reveal.mutate(kind, { onSuccess: (value) => setShown(value) })}
        >
          Show
        </button>
        {reveal.error && <ErrorMessage error={reveal.error} />}
      </div>
    );
  }
  return (
    <div className="sandbox-credential">
      <input
        className="mono"
        readOnly
        aria-label="Built-in value"
        aria-describedby={labelId}
        value={shown}
        data-testid={`secret-${kind}-value`}
        onFocus={(event) => event.currentTarget.select()}
      />
      <CopyButton text={shown} label="the built-in value" />
      <button type="button" onClick={() => setShown(null)}>
        Hide
      </button>
      <span className="muted">Built into the local sandbox: it protects nothing.</span>
    </div>
  );
}

function describeStatus(status: { present: boolean; hint: string | null; source: string | null } | undefined): string {
  if (!status) return '…';
  if (status.source === 'unreadable') return 'cannot be read: the OS keychain did not answer';
  if (!status.present) return 'not set';
  if (status.source === 'sandbox') return 'built-in sandbox credential';
  const where = status.source === 'session' ? 'saved for this session' : 'saved in keychain';
  return status.hint ? `${where} · ends in ${status.hint}` : where;
}
