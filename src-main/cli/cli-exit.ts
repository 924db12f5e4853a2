// What every CLI command shares with a scheduler: its exit codes (usage() explains them) and the one
// way a progress or error line reaches stderr (stdout carries only the JSON summary).

export const EXIT = { done: 0, failed: 1, usage: 2, busy: 75, interrupted: 130, stopped: 143 } as const;

export const say = (line: string) => process.stderr.write(`${line}\n`);
