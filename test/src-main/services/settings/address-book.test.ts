// settings:importParties / settings:exportParties through main's dispatch on the real services: good
// rows saved (added / updated / unchanged counted), bad rows answered by line, a file with no good
// row writes nothing, a missing column keeps what the entry had, and the export is the CSV on disk.
import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServices, startAppServices } from '../../../../src-main/services/app-services.ts';
import type { AddressBookExported, AddressBookImported } from '../../../../src-shared/contract/address-book.ts';
import type { SettingsView } from '../../../../src-shared/contract/schemas.ts';

const id = (name: string, digit: string) => `${name}::1220${digit.repeat(64)}`;
const ACME = id('acme', '1');
const NORTH = id('north', '2');
const SOUTH = id('south', '3');

let services: AppServices;
let userDataDir: string;
let saveDir: string;
let answerSave: string | null;
beforeAll(async () => {
  userDataDir = await mkdtemp(join(tmpdir(), 'address-book-data-'));
  saveDir = await mkdtemp(join(tmpdir(), 'address-book-out-'));
  services = await startAppServices({
    userDataDir,
    version: 'test',
    transport: 'web',
    keychain: { keytar: async () => Promise.reject(new Error('no keychain in this test')) },
    sandbox: { transfers: 50, evm: false },
    host: { chooseSavePath: async (name) => (answerSave === null ? null : join(saveDir, answerSave || name)) },
  });
}, 60_000);
afterAll(() => services?.close());

async function ok<T>(channel: string, ...args: unknown[]): Promise<T> {
  const answer = await services.dispatch(channel, args);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
  return answer.value as T;
}
const onDisk = async () => JSON.parse(await readFile(join(userDataDir, 'settings.json'), 'utf8')).savedParties;

describe('address book channels', () => {
  it('imports good rows, reports bad ones by line, and counts what changed', async () => {
    await ok('settings:saveParty', { party: ACME, label: 'Acme', colour: 'blue', note: 'keep me' });
    const csv = [
      'party,label,colour,note',
      `${ACME},Acme,blue,keep me`,
      `${NORTH},North desk,green,"calls after 9, not before"`,
      'bob,Bob,red,',
      `${SOUTH},South,magenta,`,
    ].join('\r\n');
    const result = await ok<AddressBookImported>('settings:importParties', csv);
    expect(result).toMatchObject({ added: 1, updated: 0, unchanged: 1 });
    expect(result.problems.map((p) => p.line)).toEqual([4, 5]);
    expect(result.problems[1].message).toMatch(/"magenta" is not a colour/);
    const saved = await onDisk();
    expect(saved).toContainEqual({
      party: NORTH,
      label: 'North desk',
      colour: 'green',
      note: 'calls after 9, not before',
    });
    expect(saved.map((p: { party: string }) => p.party)).not.toContain(SOUTH);
    expect(result.view.settings.savedParties).toEqual(saved);
  });

  it('keeps the colour and note of an entry when the file has only party and label', async () => {
    const result = await ok<AddressBookImported>('settings:importParties', `party,label\n${ACME},Acme Treasury\n`);
    expect(result).toMatchObject({ added: 0, updated: 1, unchanged: 0, problems: [] });
    expect(await onDisk()).toContainEqual({ party: ACME, label: 'Acme Treasury', colour: 'blue', note: 'keep me' });
  });

  it('writes nothing when no row is good', async () => {
    const before = await stat(join(userDataDir, 'settings.json'));
    const result = await ok<AddressBookImported>('settings:importParties', 'party,label\nnope,Nope\n');
    expect(result).toMatchObject({ added: 0, updated: 0, unchanged: 0, problems: [{ line: 2 }] });
    expect((await stat(join(userDataDir, 'settings.json'))).mtimeMs).toBe(before.mtimeMs);
  });

  it('a save from the party picker (label only) keeps the note and colour', async () => {
    const view = await ok<SettingsView>('settings:saveParty', { party: NORTH, label: 'North' });
    expect(view.settings.savedParties).toContainEqual({
      party: NORTH,
      label: 'North',
      colour: 'green',
      note: 'calls after 9, not before',
    });
  });

  it('exports the address book where the user chose, and reads back the same', async () => {
    answerSave = '';
    const exported = await ok<AddressBookExported>('settings:exportParties');
    expect(exported).toEqual({ path: join(saveDir, 'address-book.csv'), parties: 2 });
    const text = await readFile(exported.path, 'utf8');
    expect(text.split('\r\n')[0]).toBe('party,label,colour,note');
    expect(text).toContain(`${NORTH},North,green,"calls after 9, not before"\r\n`);
    const again = await ok<AddressBookImported>('settings:importParties', text);
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 2, problems: [] });
  });

  it('answers null and writes nothing when the save dialog is cancelled', async () => {
    answerSave = null;
    expect(await ok('settings:exportParties')).toBeNull();
    expect(await readdir(saveDir)).toEqual(['address-book.csv']);
  });
});
