// The size rules over the whole product source (size-rules.ts), each with planted sources that break
// it, so a checker that noticed nothing would fail here.
import { describe, expect, it } from 'vitest';
import {
  LARGE_ON_PURPOSE,
  lineCount,
  MAX_FILE_LINES,
  MAX_FUNCTION_LINES,
  oversizedFile,
  oversizedFunctions,
} from './size-rules.ts';
import { readSourceTree } from './source-tree.ts';

describe('the source tree', () => {
  const files = readSourceTree();

  it('is read whole', () => {
    expect(files.length).toBeGreaterThan(400);
  });

  it(`has no file over ${MAX_FILE_LINES} lines that does not say why`, () => {
    expect(files.map((f) => oversizedFile(f.file, f.source)).filter((v) => v !== null)).toEqual([]);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines but declarative tables`, () => {
    expect(files.flatMap((f) => oversizedFunctions(f.file, f.source))).toEqual([]);
  });
});

const lines = (count: number, text: string) => Array.from({ length: count }, () => text).join('\n');

describe('the size checker catches (planted sources)', () => {
  it('a long file, unless its opening comment says why', () => {
    const body = `${lines(MAX_FILE_LINES + 1, 'export const x = 1;')}\n`;
    expect(lineCount(body)).toBe(MAX_FILE_LINES + 1);
    expect(oversizedFile('src-main/long.ts', `// A module.\n${body}`)).toEqual({
      where: 'src-main/long.ts',
      lines: MAX_FILE_LINES + 2,
    });
    // The words alone are not a reason.
    expect(oversizedFile('src-main/long.ts', `// ${LARGE_ON_PURPOSE}\n${body}`)).not.toBeNull();
    // Said further down the file, they do not count.
    expect(
      oversizedFile('src-main/long.ts', `// A module.\n${body}// ${LARGE_ON_PURPOSE} one table of cases\n`),
    ).not.toBeNull();
    expect(
      oversizedFile(
        'src-main/long.ts',
        `// The cases.\n// ${LARGE_ON_PURPOSE} one table, read top to bottom.\n${body}`,
      ),
    ).toBeNull();
    expect(oversizedFile('src-main/short.ts', lines(MAX_FILE_LINES, 'x;'))).toBeNull();
  });

  it('a long function of any kind, and counts its lines from its start to its end', () => {
    // One line over: a body of MAX - 1 lines between the opening and the closing line.
    const long = lines(MAX_FUNCTION_LINES - 1, '  work();');
    const source = [
      `function declared() {\n${long}\n}`,
      `const arrow = () => {\n${long}\n};`,
      `class C {\n  method() {\n${long}\n  }\n}`,
      `export function Component() {\n  return (\n    <div>\n${lines(MAX_FUNCTION_LINES - 5, '      <p />')}\n    </div>\n  );\n}`,
      `function fits() {\n${lines(MAX_FUNCTION_LINES - 2, '  work();')}\n}`,
    ].join('\n');
    expect(oversizedFunctions('src-renderer/planted.tsx', source).map((v) => v.where.split(' ')[1])).toEqual([
      'declared',
      'arrow',
      'method',
      'Component',
    ]);
    expect(oversizedFunctions('src-main/planted.ts', `\nfunction declared() {\n${long}\n  work();\n}`)).toEqual([
      { where: 'src-main/planted.ts:2 declared', lines: MAX_FUNCTION_LINES + 2 },
    ]);
  });

  it('but not a declarative table, which only returns a literal', () => {
    const rows = lines(MAX_FUNCTION_LINES + 5, '    a: 1,');
    const tables = `function table() {\n  return {\n${rows}\n  };\n}\nconst list = () => ([\n${rows.replaceAll('a: ', '')}\n]);`;
    expect(oversizedFunctions('src-main/tables.ts', tables)).toEqual([]);
    // One statement before the literal makes it logic again.
    const logic = `function table() {\n  const b = 2;\n  return {\n${rows}\n  };\n}`;
    expect(oversizedFunctions('src-main/logic.ts', logic).map((v) => v.where)).toEqual(['src-main/logic.ts:1 table']);
  });
});
