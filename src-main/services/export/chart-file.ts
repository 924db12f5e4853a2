// local:saveChart: a chart's PNG or SVG from the renderer, checked and written where the user says
// (docs/notebook.md, "The chart"). The renderer drew it; main never trusts it: a PNG must be a PNG
// (its signature) within the byte budget, an SVG a plain drawing (no script, foreignObject, event
// attribute, link, style sheet, entity or external reference). Written atomically, then offered
// for download in the browser version. Loaded with import() on the first save.
import {
  CHART_FILE_MAX_BYTES,
  type ChartFileSaved,
  SaveChartRequest,
} from '../../../src-shared/contract/chart-file.ts';
import { ServiceError } from '../errors.ts';
import type { ServiceContext } from '../service-context.ts';
import { writeFileAtomic } from '../settings/atomic-write.ts';

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** What an SVG may not hold: anything that runs, loads or links (checked case-insensitively). */
const SVG_REFUSED: Array<[RegExp, string]> = [
  [/<\s*script/i, 'a script'],
  [/<\s*foreignObject/i, 'a foreignObject'],
  [
    /<\s*(iframe|object|embed|image|use|a|style|link|animate\w*|set|feImage)\b/i,
    'an element that loads, links or animates',
  ],
  [/\son[a-z]+\s*=/i, 'an event attribute'],
  [/\b(xlink:)?href\s*=/i, 'a link'],
  [/<!\s*(DOCTYPE|ENTITY)/i, 'a DOCTYPE or entity'],
  [/url\s*\(/i, 'an external reference'],
  [/javascript:/i, 'a script address'],
];

/** Refused in words when the SVG is not a plain drawing; the SVG as it is otherwise. */
export function checkSvg(text: string): string {
  const bytes = Buffer.byteLength(text);
  if (bytes > CHART_FILE_MAX_BYTES) {
    throw new ServiceError(
      'invalid_argument',
      `This SVG is ${MB(bytes)}; a chart is at most ${MB(CHART_FILE_MAX_BYTES)}.`,
    );
  }
  if (!/^\s*<svg\s[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(text) || !/<\/svg>\s*$/.test(text)) {
    throw new ServiceError('invalid_argument', 'Not an SVG chart: it must be one <svg> element and nothing around it.');
  }
  for (const [pattern, what] of SVG_REFUSED) {
    if (pattern.test(text))
      throw new ServiceError('invalid_argument', `This SVG holds ${what}: a chart is a plain drawing.`);
  }
  return text;
}

/** The PNG's bytes from base64, refused unless they are a PNG within the budget. */
export function checkPng(base64: string): Buffer {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw new ServiceError('invalid_argument', 'The PNG is not base64.');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.byteLength > CHART_FILE_MAX_BYTES) {
    throw new ServiceError(
      'invalid_argument',
      `This PNG is ${MB(bytes.byteLength)}; a chart is at most ${MB(CHART_FILE_MAX_BYTES)}.`,
    );
  }
  if (bytes.byteLength < 67 || PNG_MAGIC.some((b, i) => bytes[i] !== b)) {
    throw new ServiceError('invalid_argument', 'Not a PNG: the file does not start with the PNG signature.');
  }
  return bytes;
}

/** `chart-<title, file-name safe>-<yyyymmdd-hhmmss>.<png|svg>`. */
export function chartFileName(title: string, format: 'png' | 'svg', now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const name =
    title
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'chart';
  return `${name}-${stamp}.${format}`;
}

export async function saveChartFile(ctx: ServiceContext, raw: SaveChartRequest): Promise<ChartFileSaved | null> {
  const request = SaveChartRequest.parse(raw);
  const data = request.format === 'png' ? checkPng(request.data) : checkSvg(request.data);
  const path = await ctx.host.chooseSavePath(
    chartFileName(request.title, request.format),
    request.format === 'png'
      ? [{ name: 'PNG image', extensions: ['png'] }]
      : [{ name: 'SVG image', extensions: ['svg'] }],
  );
  if (!path) return null;
  await writeFileAtomic(path, data);
  await ctx.downloads?.add(path).catch(() => {});
  return { path, format: request.format, bytes: typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength };
}
