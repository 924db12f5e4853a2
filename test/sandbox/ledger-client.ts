// A bare HTTP client for the contract tests: no app code between the test and the sandbox.
import Ajv from 'ajv';
import { errorSchema, problemSchema, quarantinedSchema, startupSchema, transferListSchema } from './spec-schemas.ts';

const ajv = new Ajv({ allErrors: true, strict: false });
export const validate = {
  list: ajv.compile(transferListSchema),
  error: ajv.compile(errorSchema),
  problem: ajv.compile(problemSchema),
  quarantined: ajv.compile(quarantinedSchema),
  startup: ajv.compile(startupSchema),
};

export interface Answer {
  status: number;
  type: string | null;
  headers: Headers;
  body: any;
}

export async function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the test will say so
  }
  return { status: response.status, type: response.headers.get('content-type'), headers: response.headers, body };
}

export function transfersUrl(baseUrl: string, party: string, params: Record<string, string> = {}): string {
  const query = new URLSearchParams(params).toString();
  return `${baseUrl}/api/v2/parties/${encodeURIComponent(party)}/tokenTransfers${query ? `?${query}` : ''}`;
}

/** Follows nextPageUrl from the first page to the last; returns every page's body. */
export async function allPages(firstUrl: string, jwt: string): Promise<any[]> {
  const pages: any[] = [];
  let url: string | null = firstUrl;
  while (url) {
    const answer = await get(url, { jwt });
    if (answer.status !== 200) throw new Error(`HTTP ${answer.status}: ${JSON.stringify(answer.body)}`);
    pages.push(answer.body);
    url = answer.body.nextPageUrl;
    if (pages.length > 10_000) throw new Error('paging does not end');
  }
  return pages;
}

export function explain(validator: { errors?: unknown }): string {
  return JSON.stringify(validator.errors ?? null);
}
