// The checks of the public security diagnostic (/encryption-diagnostic, issue 20 point 8), as
// plain functions of what the browser and the server's answer show, so each verdict is tested
// without a browser. Every line is pass, fail or "not applicable here", with a pt-PT detail.
import { DIAGNOSTIC_HEADERS, type EncryptionDiagnosticDto } from '#shared/encryption-diagnostic.ts';

export type CheckOutcome = 'pass' | 'fail' | 'skip';
export type SecurityCheck = { id: string; label: string; outcome: CheckOutcome; detail: string };

export type BrowserFacts = {
  isSecureContext: boolean;
  protocol: string;
  /** The result of an AES-GCM encrypt/decrypt round trip in this browser (null: no Web Crypto). */
  webCryptoRoundTrip: boolean | null;
  /** document.cookie: what this page's scripts can read. */
  readableCookies: string;
};

export function browserChecks(facts: BrowserFacts): SecurityCheck[] {
  const https = facts.protocol === 'https:';
  return [
    {
      id: 'secure-context',
      label: 'Ligação segura',
      outcome: facts.isSecureContext ? 'pass' : 'fail',
      detail: facts.isSecureContext
        ? https
          ? 'A página foi aberta por HTTPS.'
          : 'Contexto seguro local (localhost).'
        : 'A página não está num contexto seguro: abra-a por HTTPS.',
    },
    {
      id: 'web-crypto',
      label: 'Criptografia do navegador (Web Crypto)',
      outcome: facts.webCryptoRoundTrip ? 'pass' : 'fail',
      detail:
        facts.webCryptoRoundTrip === null
          ? 'Este navegador não disponibiliza a Web Crypto API.'
          : facts.webCryptoRoundTrip
            ? 'Um valor cifrado com AES-GCM foi decifrado corretamente.'
            : 'A cifra AES-GCM do navegador não devolveu o valor original.',
    },
  ];
}

const SESSION_COOKIE = /(^|[;\s.])session_token=/;

export function serverChecks(
  answer: EncryptionDiagnosticDto,
  headers: Headers,
  facts: Pick<BrowserFacts, 'protocol' | 'readableCookies'>,
): SecurityCheck[] {
  const { encryption } = answer;
  const encryptionOk = encryption.roundTrip && encryption.hidesValue && encryption.detectsTampering;
  const cookieReadable = SESSION_COOKIE.test(facts.readableCookies);
  const checks: SecurityCheck[] = [
    {
      id: 'session-cookie',
      label: 'Cookie de sessão protegido (httpOnly)',
      outcome: !answer.sessionCookieReceived ? 'skip' : cookieReadable ? 'fail' : 'pass',
      detail: !answer.sessionCookieReceived
        ? 'Sem sessão iniciada neste navegador: inicie sessão e volte a esta página para verificar.'
        : cookieReadable
          ? 'O cookie de sessão pode ser lido por scripts da página.'
          : 'O servidor recebeu o cookie de sessão e os scripts da página não o conseguem ler.',
    },
  ];
  for (const header of DIAGNOSTIC_HEADERS) {
    const value = headers.get(header.name);
    const notHere = 'httpsOnly' in header && header.httpsOnly && facts.protocol !== 'https:';
    checks.push({
      id: `header-${header.name}`,
      label: header.label,
      outcome: value ? 'pass' : notHere ? 'skip' : 'fail',
      detail: value
        ? `${header.name}: ${value.length > 90 ? `${value.slice(0, 87)}…` : value}`
        : notHere
          ? 'Só se aplica a páginas servidas por HTTPS.'
          : `O servidor não enviou o cabeçalho ${header.name}.`,
    });
  }
  checks.push({
    id: 'encryption-at-rest',
    label: 'Encriptação dos dados no servidor',
    outcome: encryptionOk ? 'pass' : 'fail',
    detail: encryptionOk
      ? `${encryption.algorithm}: um valor de teste foi cifrado e decifrado, e uma cópia alterada foi recusada (${encryption.elapsedMs.toLocaleString('pt-PT')} ms).`
      : !encryption.roundTrip
        ? 'O servidor não conseguiu decifrar o valor que cifrou.'
        : !encryption.hidesValue
          ? 'O valor cifrado pelo servidor deixa ver o original.'
          : 'Uma cópia alterada do valor cifrado foi aceite.',
  });
  return checks;
}

/** AES-GCM encrypt and decrypt of a random value; null without Web Crypto. */
export async function webCryptoRoundTrip(): Promise<boolean | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  try {
    const key = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]);
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const plain = crypto.getRandomValues(new Uint8Array(32));
    const sealed = await subtle.encrypt({ name: 'AES-GCM', iv }, key, plain);
    const opened = new Uint8Array(await subtle.decrypt({ name: 'AES-GCM', iv }, key, sealed));
    return opened.length === plain.length && opened.every((byte, i) => byte === plain[i]);
  } catch {
    return false;
  }
}
