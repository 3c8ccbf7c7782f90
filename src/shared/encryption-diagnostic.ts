// The public security diagnostic (/encryption-diagnostic, issue 20 point 8): the server's
// answer and the names of the security headers the page checks.

export type EncryptionDiagnosticDto = {
  encryption: {
    algorithm: 'AES-256-GCM';
    /** A random value sealed and opened again by the server's encryption at rest. */
    roundTrip: boolean;
    /** The sealed text does not contain the value. */
    hidesValue: boolean;
    /** A sealed text altered by one character does not open. */
    detectsTampering: boolean;
    elapsedMs: number;
  };
  /** The request carried a session cookie (the page then checks its script cannot read it). */
  sessionCookieReceived: boolean;
};

/** The security headers every answer of the server carries, as the page names them. */
export const DIAGNOSTIC_HEADERS = [
  { name: 'content-security-policy', label: 'Política de segurança de conteúdo (CSP)' },
  { name: 'x-content-type-options', label: 'Bloqueio de deteção de tipo (nosniff)' },
  { name: 'x-frame-options', label: 'Proteção contra enquadramento (clickjacking)' },
  { name: 'referrer-policy', label: 'Política de referência' },
  { name: 'strict-transport-security', label: 'HTTPS obrigatório (HSTS)', httpsOnly: true },
] as const;
