// Input sanitising before data is stored or sent (spec accounts §5 "Input
// sanitising"). Defence in depth only: React escapes what it renders and the
// server validates with zod; these make stored text inert wherever it ends up
// (CSV/XLSX exports, emails, push notifications).
import { isNifFormat } from './nif.ts';

export const DEFAULT_TEXT_MAX_LENGTH = 1000;
export const MAX_FILE_NAME_LENGTH = 255;

// Browsers ignore tabs and newlines inside a URL scheme, so "java\tscript:" runs.
function schemePattern(scheme: string, flags: string): RegExp {
  return new RegExp(`${[...scheme].join('[\\t\\n\\r]*')}[\\t\\n\\r]*:`, flags);
}

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000E-\u001F\u007F-\u009F]/g;
const SCRIPT_OR_STYLE_BLOCK = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
// Only tag-shaped runs ("<b>", "</p>", "<!--", "<img …>"), so "5 < 6 e 7 > 3" keeps its words.
const TAG = /<\/?[a-z!?][^>]*>/gi;
const ANGLE_BRACKETS = /[<>]/g;
// Character references would turn back into brackets, quotes, tabs or colons if the
// text were ever put into HTML unescaped ("jav&#x09;ascript:", "&lt;script&gt;").
// They are decoded first, so what they stand for is stripped like the real thing.
const CHARACTER_REFERENCE = /&(#x[0-9a-f]+|#\d+|lt|gt|quot|apos|colon|tab|newline);?/gi;
const NAMED_REFERENCES: Readonly<Record<string, string>> = {
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  colon: ':',
  tab: '\t',
  newline: '\n',
};
// The spec strips quotes, so "D'Almeida" becomes "DAlmeida"; the typographic
// apostrophe (’) is not a quote to HTML and is kept.
const QUOTES = /["'`]/g;
const SCRIPT_PREFIXES = [
  schemePattern('javascript', 'gi'),
  schemePattern('vbscript', 'gi'),
  /d[\t\n\r]*a[\t\n\r]*t[\t\n\r]*a[\t\n\r]*:\s*text\/html/gi,
];
const EVENT_HANDLER = /\bon[a-z]+\s*=/gi;
// Removing one pattern can join the halves of another ("javajavascript:script:"),
// so the removals repeat until nothing changes. Past this many rounds the input is
// hostile, and dropping every ':', '=' and '&' leaves no prefix, handler or
// character reference to form.
const MAX_ROUNDS = 8;

function decodeReference(_match: string, body: string): string {
  const lower = body.toLowerCase();
  if (!lower.startsWith('#')) return NAMED_REFERENCES[lower] ?? '';
  const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
  // Out-of-range references decode to nothing rather than throw.
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

function stripMarkupOnce(value: string): string {
  let out = value
    .replace(CHARACTER_REFERENCE, decodeReference)
    .replace(CONTROL_CHARS, '')
    .replace(SCRIPT_OR_STYLE_BLOCK, '')
    .replace(TAG, '')
    .replace(ANGLE_BRACKETS, '');
  out = out.replace(QUOTES, '');
  for (const prefix of SCRIPT_PREFIXES) out = out.replace(prefix, '');
  return out.replace(EVENT_HANDLER, '');
}

/** Cuts at `maxLength` UTF-16 units without leaving half of a surrogate pair. */
function cut(value: string, maxLength: number): string {
  if (value.length <= maxLength) return value;
  const head = value.slice(0, maxLength);
  const last = head.charCodeAt(head.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? head.slice(0, -1) : head;
}

/**
 * Plain text: no tags, quotes, angle brackets, script-like prefixes (javascript:,
 * vbscript:, data:text/html) or event handlers (onerror= …), whitespace collapsed,
 * trimmed, at most `maxLength` long. Portuguese letters, º ª and € pass untouched.
 */
export function sanitizeText(input: string, maxLength = DEFAULT_TEXT_MAX_LENGTH): string {
  if (typeof input !== 'string' || !(maxLength >= 1)) return '';
  let out = input;
  let isStable = false;
  for (let round = 0; round < MAX_ROUNDS && !isStable; round++) {
    const next = stripMarkupOnce(out);
    isStable = next === out;
    out = next;
  }
  if (!isStable) out = out.replace(/[:=&]/g, '');
  out = out.replace(/\s+/g, ' ').trim();
  return cut(out, Math.floor(maxLength)).trimEnd();
}

export function sanitizeEmail(input: string): string {
  return input.trim().toLowerCase();
}

/** Exactly nine digits once spaces are removed, otherwise ''. */
export function sanitizeNif(input: string): string {
  const compact = input.replace(/\s/g, '');
  return isNifFormat(compact) ? compact : '';
}

/** Keeps digits, spaces, hyphens, parentheses and plus. */
export function sanitizePhone(input: string): string {
  return input.replace(/[^0-9 ()+-]/g, '').trim();
}

/** The URL in canonical form when its scheme is http or https, otherwise null. */
export function sanitizeUrl(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}

// eslint-disable-next-line no-control-regex -- control characters are reserved in file names
const FILE_NAME_RESERVED = /[<>:"/\\|?*\u0000-\u001F\u007F]/g;
// Windows device names: "con.txt" cannot be created there, whatever the extension.
const WINDOWS_DEVICE_NAME = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\.|$)/i;
// A longer "extension" is just part of the name; cutting it off would be no loss.
const MAX_KEPT_EXTENSION_LENGTH = 16;

/**
 * A file name safe on any disk and in a Content-Disposition header: no reserved or
 * control characters, no leading or trailing dots or spaces (so no "." or ".."
 * and no hidden files), at most 255 characters with the extension kept.
 */
export function sanitizeFileName(input: string): string {
  let name = input
    .replace(FILE_NAME_RESERVED, '')
    .replace(/^[\s.]+/, '')
    .replace(/[\s.]+$/, '');
  if (WINDOWS_DEVICE_NAME.test(name)) name = `_${name}`;
  if (name.length <= MAX_FILE_NAME_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension =
    dot > 0 && name.length - dot <= MAX_KEPT_EXTENSION_LENGTH ? name.slice(dot) : '';
  const base = name.slice(0, name.length - extension.length);
  return cut(base, MAX_FILE_NAME_LENGTH - extension.length).replace(/[\s.]+$/, '') + extension;
}

/** A name that sanitising would leave as it is, and not empty. */
export function isValidFileName(name: string): boolean {
  return name.length > 0 && sanitizeFileName(name) === name;
}

const SCRIPT_TAG = /<\s*script\b/i;
const JAVASCRIPT_SCHEME = schemePattern('javascript', 'i');

/** A script tag or a javascript: scheme. The caller logs it and does not block. */
export function isSuspiciousInput(value: unknown): boolean {
  return typeof value === 'string' && (SCRIPT_TAG.test(value) || JAVASCRIPT_SCHEME.test(value));
}

/** The keys of a submitted form whose values are suspicious, for the security log. */
export function findSuspiciousFields(record: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(record).filter((key) => isSuspiciousInput(record[key]));
}

export type FieldRule =
  'text' | 'email' | 'nif' | 'phone' | 'url' | 'fileName' | { kind: 'text'; maxLength: number };

function sanitizeField(value: string, rule: FieldRule): string | null {
  if (typeof rule === 'object') return sanitizeText(value, rule.maxLength);
  switch (rule) {
    case 'text':
      return sanitizeText(value);
    case 'email':
      return sanitizeEmail(value);
    case 'nif':
      return sanitizeNif(value);
    case 'phone':
      return sanitizePhone(value);
    case 'url':
      return sanitizeUrl(value);
    case 'fileName':
      return sanitizeFileName(value);
  }
}

/**
 * Sanitises form data field by field. Only the keys named in `schema` come out
 * (anything else is dropped); a value that is not a string, or a URL that is not
 * http(s), comes out as null, which keeps optional fields optional.
 */
export function sanitizeObject<S extends Readonly<Record<string, FieldRule>>>(
  record: Readonly<Record<string, unknown>>,
  schema: S,
): { [K in keyof S]: string | null } {
  const out: Record<string, string | null> = {};
  for (const [key, rule] of Object.entries(schema)) {
    const value = record[key];
    out[key] = typeof value === 'string' ? sanitizeField(value, rule) : null;
  }
  // Every key of `schema` was written above; TypeScript cannot follow the loop.
  return out as { [K in keyof S]: string | null };
}
