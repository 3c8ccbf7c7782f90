// `rotate-key` (issue 19.3, ADR 028): every NIF and email encrypted at rest moves to a new key,
// and every keyed hash is recomputed under it, one account per transaction. The old key is kept
// until nothing is left under it, so the command can be interrupted and run again.
//
// With the key in DATA_DIR/encryption-key.json, the new key is written there next to the old
// one, the values re-encrypted, and the old key removed at the end; servers reading that file
// switch within 2 s (the one running the command at once). With ENCRYPTION_KEY, which only the
// operator can change on every server, the first run prints a new key and the steps; the run
// with ENCRYPTION_KEY=<new> and ENCRYPTION_KEY_PREVIOUS=<old> re-encrypts.
import { setTimeout as sleep } from 'node:timers/promises';
import { formatEncryptionKey } from '#server/services/crypto/encryption-key.ts';
import { generateMasterKey, keyIdOf } from '#server/services/crypto/field-encryption.ts';
import { resealAllAccounts, valuesByOtherKeys } from '#server/services/crypto/key-rotation.ts';
import { sealClearValues } from '#server/services/crypto/sealed-backfill.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';
import { done, EXIT, withNewline, type AdminOutput } from './admin-request.ts';
import type { AdminDeps } from './admin-deps.ts';

/** Longer than the 2 s after which a server reading the key file looks at it again. */
const KEY_SETTLE_MS = 2_500;
/** Passes over every account: a second one takes what servers wrote under the old key meanwhile. */
const MAX_PASSES = 3;

export async function rotateKeyCommand(
  deps: AdminDeps,
  { settleMs = KEY_SETTLE_MS }: { settleMs?: number } = {},
): Promise<AdminOutput> {
  const started = performance.now();
  const { db, encryption } = deps;
  const { cipher, source } = encryption;
  const lines: string[] = [];
  if (source.kind === 'environment') {
    if (cipher.keyIds.length < 2) {
      const next = generateMasterKey();
      return done(
        ADMIN_MESSAGES.rotateKeyFromEnvironment(
          formatEncryptionKey(next),
          keyIdOf(next),
          cipher.currentKeyId,
        ),
      );
    }
  } else {
    // Read again: another process may have started (or finished) a rotation since this one read it.
    const stored = encryption.stored();
    if (!stored) throw new Error('as chaves de encriptação não foram encontradas');
    if (stored.previous === null) {
      const next = generateMasterKey();
      encryption.store({ current: next, previous: stored.current });
      lines.push(ADMIN_MESSAGES.rotateKeyStarted(keyIdOf(next), keyIdOf(stored.current)));
      // Servers reading the same file switch to the new key before anything is re-encrypted.
      if (source.kind === 'file') await sleep(settleMs);
    } else {
      encryption.store(stored);
      lines.push(
        ADMIN_MESSAGES.rotateKeyResumed(keyIdOf(stored.current), keyIdOf(stored.previous)),
      );
    }
  }

  const currentId = cipher.currentKeyId;
  const previousIds = cipher.keyIds.filter((id) => id !== currentId);
  // Values still in the clear (an older server's) are sealed first, under the new key.
  await sealClearValues(db, cipher);
  const total = { accounts: 0, values: 0 };
  let left = new Map<string, number>();
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const resealed = await resealAllAccounts(db, cipher);
    total.accounts = Math.max(total.accounts, resealed.accounts);
    total.values += resealed.values;
    left = await valuesByOtherKeys(db, currentId);
    if (resealed.values === 0 || previousIds.every((id) => !left.has(id))) break;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  lines.push(ADMIN_MESSAGES.rotateKeyResealed({ ...total, seconds }));
  const unknown = [...left].filter(([id]) => !previousIds.includes(id));
  if (unknown.length > 0) lines.push(ADMIN_MESSAGES.rotateKeyUnknownKeys(unknown));

  const behind = previousIds.reduce((sum, id) => sum + (left.get(id) ?? 0), 0);
  if (behind > 0) {
    return {
      exitCode: EXIT.refused,
      stdout: withNewline(lines.join('\n')),
      stderr: withNewline(ADMIN_MESSAGES.rotateKeyLeftBehind(behind, previousIds.join(', '))),
    };
  }
  if (source.kind === 'environment') {
    lines.push(ADMIN_MESSAGES.rotateKeyEnvironmentDone(currentId));
  } else {
    const stored = encryption.stored();
    if (stored) encryption.store({ current: stored.current, previous: null });
    lines.push(ADMIN_MESSAGES.rotateKeyFileDone(currentId));
  }
  return done(lines.join('\n'));
}
