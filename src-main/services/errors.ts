import type { ErrorCode } from '../../src-shared/contract/errors.ts';

/** An error main reports to the renderer as-is: its message is written for the user. */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'ServiceError';
    this.code = code;
    this.details = details;
  }
}
