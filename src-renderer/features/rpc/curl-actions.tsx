// The console's "Copy as" actions: the request as curl or code in another language, and curl with
// the real key after a question (CurlActions below says how the key is kept off screen and state).
import { useEffect, useRef, useState } from 'react';
import { asBridgeError } from '../../../src-shared/contract/errors.ts';
import type { RpcCurlRequest } from '../../../src-shared/contract/rpc.ts';
import { SNIPPET_LABELS, SNIPPET_LANGUAGES, type SnippetLanguage } from '../../../src-shared/contract/rpc-snippet.ts';
import { codeSnippet, curlCommand } from '../../data/rpc.ts';
import { useActionStatus } from '../../ui/action-status.ts';
import { CurlKeyConfirm } from './curl-key-confirm.tsx';

/** How long the command with the key may stay on the clipboard, as password managers do. */
export const CLIPBOARD_CLEAR_MS = 60_000;

type Show = (text: string, error?: boolean) => void;

/**
 * "Copy as": a language (curl, fetch, viem, ethers, cast, Python) and one button, "Copy as <language>".
 * Every language comes from main with the key as the environment variable LEDGER_API_KEY; curl is
 * the same command as before (rpc:curl), the others come from rpc:snippet. "Copy curl with key" first says
 * what will be on the clipboard (that same command with the real key in it; the key itself is
 * never shown), then asks main for the command with the key, puts it on the clipboard and keeps
 * nothing in state or cache. A timer holds the command for one minute only, to clear the clipboard
 * if it still holds exactly that text.
 */
export function CurlActions({ request }: { request: Omit<RpcCurlRequest, 'withKey'> | null }) {
  const [language, setLanguage] = useState<SnippetLanguage>('curl');
  // "Copied as …" describes the request and language it was copied for: it goes when either changes (it
  // says how to run what was copied, so it does not fade while true).
  const about = JSON.stringify([request, language]);
  const { status, show } = useActionStatus(about, Number.POSITIVE_INFINITY);
  const [confirming, setConfirming] = useState(false);
  // The clearing outlives the console (the user may go to another section within the minute); a
  // newer copy replaces it.
  const clearTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The button that opened the confirmation is disabled while it is open: focus moves into it.
  const cancelButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) cancelButton.current?.focus();
  }, [confirming]);

  const copy = async (withKey: boolean) => {
    if (!request) return;
    const at = about;
    try {
      const command =
        withKey || language === 'curl'
          ? (await curlCommand({ ...request, withKey })).command
          : (await codeSnippet({ ...request, language })).code;
      await navigator.clipboard.writeText(command);
      if (clearTimer.current) clearTimeout(clearTimer.current);
      clearTimer.current = null;
      if (withKey) {
        // About the clipboard, not the request: said whatever is on screen by then.
        clearTimer.current = setTimeout(() => void clearIfUnchanged(command, show), CLIPBOARD_CLEAR_MS);
      }
      show(
        withKey
          ? 'Copied with the real key: do not paste it anywhere shared.'
          : language === 'curl'
            ? 'Copied: the key is $LEDGER_API_KEY (export LEDGER_API_KEY=… before running it).'
            : `Copied as ${SNIPPET_LABELS[language]}: the key is read from the environment variable LEDGER_API_KEY (export LEDGER_API_KEY=… before running it).`,
        false,
        at,
      );
    } catch (error) {
      show(`Not copied: ${asBridgeError(error).message}`, true, at);
    }
  };

  return (
    <span className="rpc-curl">
      <select
        aria-label="Copy as language"
        value={language}
        onChange={(event) => setLanguage(event.target.value as SnippetLanguage)}
      >
        {SNIPPET_LANGUAGES.map((choice) => (
          <option key={choice} value={choice}>
            {SNIPPET_LABELS[choice]}
          </option>
        ))}
      </select>
      <button type="button" onClick={() => void copy(false)} disabled={!request}>
        Copy as {SNIPPET_LABELS[language]}
      </button>
      <button
        type="button"
        onClick={() => setConfirming(true)}
        disabled={!request || confirming}
        aria-expanded={confirming}
        title="Puts the curl command with the real API key on the clipboard (asks first)"
      >
        Copy curl with key
      </button>
      {confirming && request && (
        <CurlKeyConfirm
          request={request}
          onCopy={() => {
            setConfirming(false);
            void copy(true);
          }}
          onCancel={() => setConfirming(false)}
          cancelButton={cancelButton}
        />
      )}
      {status && (
        <span className={status.error ? 'field-error' : 'muted'} role="status" data-testid="rpc-curl-status">
          {status.value}
        </span>
      )}
    </span>
  );
}

/**
 * Clears the clipboard if it still holds `command`. Read back first: whatever the user copied since
 * is theirs. When reading is refused, nothing is cleared blindly and the user is told.
 */
async function clearIfUnchanged(command: string, show: Show): Promise<void> {
  let current: string;
  try {
    current = await navigator.clipboard.readText();
  } catch {
    show('The clipboard could not be read back, so it was not cleared: it may still hold your API key.', true);
    return;
  }
  if (current !== command) return;
  try {
    await navigator.clipboard.writeText('');
    show('Clipboard cleared: the command with your API key is no longer on it.');
  } catch {
    show('The clipboard could not be cleared: it may still hold your API key.', true);
  }
}
