// A report request checked in full here rather than in dispatch: its schema (10,000 legs, a node
// comparison, a dashboard's rows) loads with the report's code, not in main's start-up bundle. A
// refusal reads exactly like dispatch's: invalid_argument, each issue's path from the argument list
// ("0.legs.3.amount").
import type { z } from 'zod';
import { type CaseReportInput, CaseReportRequest } from '../../../src-shared/contract/case-report.ts';
import { ServiceError } from '../errors.ts';

export function parseReportRequest(raw: unknown): CaseReportInput {
  return parseRequestWith(CaseReportRequest, raw);
}

export function parseRequestWith<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  let parsed: z.ZodSafeParseResult<z.output<S>>;
  try {
    parsed = schema.safeParse(raw);
  } catch {
    throw new ServiceError('invalid_argument', 'The arguments are not plain JSON-like data and were refused.', {
      issues: [{ path: ['0'], message: 'not plain JSON-like data' }],
    });
  }
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue: z.core.$ZodIssue) => ({
    path: ['0', ...issue.path.map(String)],
    message: issue.message,
  }));
  throw new ServiceError(
    'invalid_argument',
    issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; '),
    { issues },
  );
}
