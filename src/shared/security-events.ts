// The security events the server records (issue 19 point 8; spec accounts-access-plans §5
// "Input sanitising" and §9 "Security monitor thresholds"), with how the owner reads them in
// /configuracoes.

export const SECURITY_EVENT_KINDS = [
  'login_failed',
  'login_blocked',
  'auth_failures_burst',
  'pin_failed',
  'pin_locked',
  'upload_refused',
  'suspicious_input',
  'request_burst',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

export const SECURITY_SEVERITIES = ['low', 'medium', 'high'] as const;
export type SecuritySeverity = (typeof SECURITY_SEVERITIES)[number];

/** Spec §9: the thresholds of the security monitor. */
export const SECURITY_THRESHOLDS = {
  /** Requests that change something, per account, within `rapidWindowMs`. */
  rapidRequests: 10,
  rapidWindowMs: 60_000,
  /** Failed authentications (sign-ins, PINs) per account within `authWindowMs`. */
  failedAuths: 5,
  authWindowMs: 5 * 60_000,
  /** Uploads above this many bytes are refused and recorded. */
  uploadBytes: 10_485_760,
} as const;

/** Spec §9: the log holds at most 1 000 entries (per account) and is pruned after 7 days. */
export const SECURITY_EVENTS_MAX_PER_ACCOUNT = 1_000;
export const SECURITY_EVENTS_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

export const SECURITY_EVENT_LABELS: Record<SecurityEventKind, string> = {
  login_failed: 'Tentativa de acesso falhada',
  login_blocked: 'Acesso bloqueado por excesso de tentativas',
  auth_failures_burst: 'Várias autenticações falhadas em poucos minutos',
  pin_failed: 'PIN incorreto',
  pin_locked: 'PIN bloqueado por excesso de tentativas',
  upload_refused: 'Ficheiro recusado',
  suspicious_input: 'Texto suspeito num formulário',
  request_burst: 'Muitos pedidos num minuto',
};

export const SECURITY_SEVERITY_LABELS: Record<SecuritySeverity, string> = {
  low: 'Baixa',
  medium: 'Média',
  high: 'Alta',
};

/** One event as the owner's list shows it. */
export type SecurityEventDto = {
  id: string;
  kind: SecurityEventKind;
  severity: SecuritySeverity;
  ip: string;
  detail: Record<string, string | number>;
  createdAt: string;
};

/** Spec §5: a script tag or a javascript: scheme in submitted text is a suspicious-form event. */
export const SUSPICIOUS_INPUT = /<\s*script\b|javascript\s*:/i;
