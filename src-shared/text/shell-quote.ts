// Text placed in a POSIX shell command, one home for the app's three writers of commands: the RPC
// console's curl line (rpc/curl-command.ts), its code snippets (rpc/code-snippets/), and the CLI line
// "Copy CLI command" builds (src-shared/cli/cli-command.ts). Nothing a user or a service typed may
// end its word, start a command or hide a line from the reader.

/** Everything literal: single quotes, where nothing is special but the quote itself, closed, escaped and reopened ('\''). */
export function singleQuoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** Characters no POSIX shell treats specially anywhere in a word. */
const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** One argument for a POSIX shell: as it is when every character is plain, else single-quoted. */
export function posixWord(text: string): string {
  return PLAIN_WORD.test(text) ? text : singleQuoted(text);
}

/** A shell word taken literally: plain single quotes, or $'…' when the text has control characters. */
export function shellWord(text: string): string {
  const chars = [...text];
  if (!chars.some(isControl)) return singleQuoted(text);
  // $'…' is bash's (and zsh's, ksh's) quoting with escapes; \x00 cannot be said: no argument holds NUL.
  const escaped = chars.map((c) =>
    c === '\\' || c === "'" ? `\\${c}` : isControl(c) ? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}` : c,
  );
  return `$'${escaped.join('')}'`;
}

function isControl(c: string): boolean {
  const code = c.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

/** Text placed inside "…" in a shell command: only \ " $ and ` are special there. */
export function inDoubleQuotes(text: string): string {
  return text.replace(/[\\"$`]/g, (c) => `\\${c}`);
}
