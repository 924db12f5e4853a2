// local:saveChart: a chart's PNG or SVG from the renderer, checked and written where the user says
// (docs/notebook.md, "The chart"). The renderer drew it; main never trusts it: a PNG must be a PNG
// (its signature) within the byte budget, an SVG a plain drawing (no script, foreignObject, event
// attribute, link, style sheet, entity or external reference). Written atomically, then offered
// for download in the browser version. Loaded with import() on the first save.
import {
  CHART_FILE_MAX_BYTES,
  type ChartFileSaved,
  SaveChartRequest,
} from '../../../../src-shared/contract/chart-file.ts';
import { fileStamp } from '../../../../src-shared/time/time-text.ts';
import { writeFileAtomic } from '../../../files/atomic-write.ts';
import { ServiceError } from '../../errors.ts';
import type { ServiceContext } from '../../service-context.ts';

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** The elements a chart is drawn with (chart-svg.ts): nothing that runs, loads, links or animates. */
const SVG_ELEMENTS = new Set([
  'svg',
  'title',
  'desc',
  'g',
  'rect',
  'line',
  'polyline',
  'polygon',
  'path',
  'circle',
  'text',
  'tspan',
]);
/** Their attributes: geometry and paint. No event attribute, no href, no style (a style can load a url()). */
const SVG_ATTRIBUTES = new Set([
  'xmlns',
  'width',
  'height',
  'viewBox',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'dx',
  'dy',
  'cx',
  'cy',
  'r',
  'd',
  'points',
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'transform',
]);
const TAG = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[^\s=/>]+\s*=\s*"[^"<]*")*)\s*(\/?)>/y;
const ATTRIBUTE = /\s+([^\s=/>]+)\s*=\s*"([^"<]*)"/g;

/**
 * Refused in words unless the SVG is a plain drawing: one <svg> element of the SVG namespace, made
 * only of the elements and attributes the chart writer uses (an allowlist: no script, foreignObject,
 * event attribute, link, style, entity, DOCTYPE or external reference), text only as escaped text.
 */
export function checkSvg(text: string): string {
  const bytes = Buffer.byteLength(text);
  if (bytes > CHART_FILE_MAX_BYTES) {
    throw new ServiceError(
      'invalid_argument',
      `This SVG is ${MB(bytes)}; a chart is at most ${MB(CHART_FILE_MAX_BYTES)}.`,
    );
  }
  const refuse = (why: string) => new ServiceError('invalid_argument', `This SVG ${why}: a chart is a plain drawing.`);
  const body = text.trim();
  if (!body.startsWith('<svg ') || !body.endsWith('</svg>') || !body.includes('xmlns="http://www.w3.org/2000/svg"')) {
    throw new ServiceError('invalid_argument', 'Not an SVG chart: it must be one <svg> element and nothing around it.');
  }
  const open: string[] = [];
  let at = 0;
  while (at < body.length) {
    const lt = body.indexOf('<', at);
    const textPart = body.slice(at, lt < 0 ? body.length : lt);
    if (/&(?!(amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});)/.test(textPart))
      throw refuse('holds an unknown entity');
    if (lt < 0) break;
    TAG.lastIndex = lt;
    const tag = TAG.exec(body);
    if (!tag) throw refuse(`holds markup that is not a plain element (at character ${lt})`);
    const [whole, closing, name, attributes, selfClosing] = tag;
    if (!SVG_ELEMENTS.has(name)) throw refuse(`holds a <${name}> element`);
    for (const [, attribute, value] of attributes.matchAll(ATTRIBUTE)) {
      if (!SVG_ATTRIBUTES.has(attribute)) throw refuse(`holds a ${attribute} attribute`);
      if (/url\s*\(|javascript:|&/i.test(value)) throw refuse('holds a reference in an attribute');
    }
    if (closing) {
      if (open.pop() !== name) throw refuse(`closes <${name}> where it is not open`);
    } else if (!selfClosing) {
      if (open.length === 0 && at > 0) throw refuse('holds more than one <svg> element');
      open.push(name);
    }
    at = lt + whole.length;
    if (open.length === 0 && at < body.length) throw refuse('has something after its <svg> element');
  }
  if (open.length > 0) throw refuse('is cut short');
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
  const stamp = fileStamp(now);
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
