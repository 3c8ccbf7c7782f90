// The upload check of spec accounts §5: size, type, file name and executable
// extensions, judged from what the browser reports. The server checks the same
// and then the content itself (magic bytes, pixel count) before storing anything.
// iPhone photos (HEIC/HEIF) are allowed beside the spec's types since issue 14.
import { isValidFileName } from './sanitize.ts';

/** 10 MB, also the security monitor's threshold (spec accounts §9). */
export const MAX_UPLOAD_BYTES = 10_485_760;

export const ALLOWED_UPLOAD_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/heif',
  'application/pdf',
  'text/plain',
  'text/csv',
] as const;

// Programs, scripts and active web content on any common system. Matched against
// every extension of the name, so "fatura.pdf.exe" and "fatura.exe.pdf" are both caught.
// prettier-ignore
export const EXECUTABLE_EXTENSIONS: ReadonlySet<string> = new Set([
  'exe', 'com', 'bat', 'cmd', 'msi', 'msp', 'scr', 'pif', 'cpl', 'dll', 'sys', 'ocx',
  'js', 'jse', 'mjs', 'cjs', 'vbs', 'vbe', 'wsf', 'wsh', 'hta', 'ps1', 'psm1', 'lnk', 'reg', 'inf',
  'sh', 'bash', 'zsh', 'csh', 'ksh', 'run', 'bin', 'elf', 'so', 'dylib', 'app', 'dmg', 'pkg',
  'deb', 'rpm', 'jar', 'apk', 'php', 'phtml', 'asp', 'aspx', 'jsp', 'cgi', 'pl', 'py', 'rb',
  'html', 'htm', 'xhtml',
]);

export type UploadCandidate = { name: string; size: number; type: string };
export type UploadCheckCode =
  | 'EXECUTABLE_FILE'
  | 'INVALID_FILE_NAME'
  | 'FILE_TYPE_NOT_ALLOWED'
  | 'FILE_TOO_LARGE'
  | 'EMPTY_FILE';
/** high: an attack is likely; medium: the request is malformed or probing; low: a mistake. */
export type UploadSeverity = 'low' | 'medium' | 'high';
export type UploadCheckResult =
  { ok: true } | { ok: false; code: UploadCheckCode; message: string; severity: UploadSeverity };

export const UPLOAD_CHECK_MESSAGES = {
  EXECUTABLE_FILE: 'Ficheiros executáveis não são permitidos.',
  INVALID_FILE_NAME: 'Nome de ficheiro inválido. Mude o nome do ficheiro e tente novamente.',
  FILE_TYPE_NOT_ALLOWED:
    'Tipo de ficheiro não permitido. Use imagens JPEG, PNG, GIF, WebP ou HEIC, PDF, TXT ou CSV.',
  FILE_TOO_LARGE: 'O ficheiro é demasiado grande. O tamanho máximo é 10 MB.',
  EMPTY_FILE: 'O ficheiro está vazio.',
} as const satisfies Record<UploadCheckCode, string>;

const SEVERITY = {
  EXECUTABLE_FILE: 'high',
  INVALID_FILE_NAME: 'medium',
  FILE_TYPE_NOT_ALLOWED: 'medium',
  FILE_TOO_LARGE: 'low',
  EMPTY_FILE: 'low',
} as const satisfies Record<UploadCheckCode, UploadSeverity>;

/** Any extension of the name (not the part before the first dot) is executable. */
export function hasExecutableExtension(name: string): boolean {
  return name
    .split('.')
    .slice(1)
    .some((part) =>
      // eslint-disable-next-line no-control-regex -- "exe\u0000" and "exe " still mean exe
      EXECUTABLE_EXTENSIONS.has(part.replace(/[\s\u0000-\u001F\u007F]/g, '').toLowerCase()),
    );
}

/** "Text/CSV; charset=utf-8" → "text/csv". */
function essence(type: string): string {
  return (type.split(';')[0] ?? '').trim().toLowerCase();
}

function isAllowedType(type: string): boolean {
  return (ALLOWED_UPLOAD_TYPES as readonly string[]).includes(essence(type));
}

function fail(code: UploadCheckCode): UploadCheckResult {
  return { ok: false, code, message: UPLOAD_CHECK_MESSAGES[code], severity: SEVERITY[code] };
}

/** The first problem, most severe first, so an executable is always reported as one. */
export function checkUpload(file: UploadCandidate): UploadCheckResult {
  if (hasExecutableExtension(file.name)) return fail('EXECUTABLE_FILE');
  if (!isValidFileName(file.name)) return fail('INVALID_FILE_NAME');
  if (!isAllowedType(file.type)) return fail('FILE_TYPE_NOT_ALLOWED');
  // Written so that NaN counts as empty.
  if (!(file.size > 0)) return fail('EMPTY_FILE');
  if (file.size > MAX_UPLOAD_BYTES) return fail('FILE_TOO_LARGE');
  return { ok: true };
}
