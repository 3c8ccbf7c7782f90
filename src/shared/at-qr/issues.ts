// The fixed severity of every issue code, and the one constructor of issues.
// A code's severity never depends on context, so callers can rely on the code.
//
// Policy (research pt-qr-spec §1.6 "lenient mode"): an ERROR means the payload
// is not an AT QR, its structure is broken (unknown, duplicate or out-of-order
// code, missing mandatory field, value too long), or a value we store cannot be
// read (NIF shape, date, amount, region). Everything else is a WARNING: the
// data is usable and shown, but the document is not strictly conformant —
// decimal commas, stray spaces, island-only fiscal space, check digits, values
// outside our lists, totals or ATCUD that do not agree.
import { AT_QR_MESSAGES, type AtQrMessageParams } from './messages.ts';
import type { AtQrIssue, AtQrIssueCode, AtQrSeverity } from './types.ts';

const ERROR_CODES: ReadonlySet<AtQrIssueCode> = new Set<AtQrIssueCode>([
  'NOT_AT_QR',
  'MALFORMED_FIELD',
  'UNKNOWN_FIELD',
  'DUPLICATE_FIELD',
  'OUT_OF_ORDER',
  'MISSING_FIELD',
  'EMPTY_FIELD',
  'TOO_LONG',
  'BAD_FORMAT',
  'NO_FISCAL_SPACE',
  'FISCAL_SPACE_WITHOUT_REGION',
]);

export function severityOf(code: AtQrIssueCode): AtQrSeverity {
  return ERROR_CODES.has(code) ? 'error' : 'warning';
}

export function makeIssue(code: AtQrIssueCode, params: AtQrMessageParams = {}): AtQrIssue {
  const issue: AtQrIssue = {
    code,
    severity: severityOf(code),
    message: AT_QR_MESSAGES[code](params),
  };
  if (params.field !== undefined) issue.field = params.field;
  return issue;
}

export function hasError(issues: readonly AtQrIssue[]): boolean {
  return issues.some((issue) => issue.severity === 'error');
}
