// Windows and Linux hand a clicked link to the app as a command-line argument (first start, or the
// second instance's argv). Only an argument that is a ledger-explorer:// link counts; the renderer
// parses it strictly before anything opens. (No import of view-link.ts: the shell loads this alone.)

const prefix = 'ledger-explorer://';

export function linkFromArgv(argv: readonly unknown[]): string | null {
  for (const arg of argv) {
    if (typeof arg === 'string' && arg.slice(0, prefix.length).toLowerCase() === prefix) return arg;
  }
  return null;
}
