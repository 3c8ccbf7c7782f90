// GET/PATCH /api/profile and PUT/DELETE /api/profile/photo (issue 3 contract), behind the
// request scope (app.ts). Every query takes the account id from the session, never from the
// request. The profile carries the scope's resolved capabilities (the web's useCan).
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { findSuspiciousFields } from '#shared/sanitize.ts';
import { updateProfileSchema } from '#shared/schemas/profile.ts';
import type { Database } from '#server/db/client.ts';
import type { ScopeEnv } from '#server/features/auth/request-scope.ts';
import { assertCapability, requireCapability } from '#server/features/auth/require-capability.ts';
import { AppError } from '#server/http/errors.ts';
import { validate } from '#server/http/validate.ts';
import type { Logger } from '#server/logger.ts';
import type { FieldCipher } from '#server/services/crypto/field-encryption.ts';
import { publishInBackground, type EventBus } from '#server/services/events/event-bus.ts';
import type { Storage } from '#server/services/storage/storage.ts';
import { detectImageKind, MAX_AVATAR_BYTES, reencodeAvatar } from './avatar-image.ts';
import { assertAccountTypeRule, profileChangesFrom } from './profile-changes.ts';
import { PROFILE_MESSAGES } from './profile.messages.ts';
import { getProfile, setPhotoPath, updateProfile } from './profile.queries.ts';
import { toProfileResponse } from './profile-view.ts';

export type ProfileDeps = {
  db: Database;
  storage: Storage;
  logger: Logger;
  events: EventBus;
  /** The personal NIF is stored encrypted (ADR 028). */
  cipher: FieldCipher;
};

// The multipart envelope around a 5 MB file: boundaries and headers, with room to spare.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** What any acting profile may change through PATCH /api/profile. */
const PERSONAL_PREFERENCES = new Set<string>(['invoiceViewMode']);

const photoTooLarge = () => new AppError(413, 'PHOTO_TOO_LARGE', PROFILE_MESSAGES.photoTooLarge);
const photoInvalid = () => new AppError(400, 'INVALID_IMAGE', PROFILE_MESSAGES.photoInvalid);

export function profileRoutes({ db, storage, logger, events, cipher }: ProfileDeps) {
  const view = { storage, cipher };
  async function loadProfile(accountId: string) {
    const record = await getProfile(db, { accountId });
    if (!record) throw new AppError(404, 'PROFILE_NOT_FOUND', PROFILE_MESSAGES.notFound);
    return record;
  }

  async function replacePhoto(accountId: string, photoPath: string | null) {
    const previous = await setPhotoPath(db, { accountId, photoPath });
    // The account's other tabs and devices show the new photo at once.
    publishInBackground(events, accountId, { type: 'profile.changed' });
    if (previous && previous !== photoPath) {
      // The database no longer points at it; a file left behind is waste, not an error.
      await storage.delete(previous).catch((err: unknown) => {
        logger.warn({ err, accountId }, 'old profile photo not deleted');
      });
    }
  }

  return new Hono<ScopeEnv>()
    .get('/', async (c) => {
      c.header('Cache-Control', 'no-store');
      const { scope } = c.var;
      return c.json(toProfileResponse(await loadProfile(scope.accountId), view, scope), 200);
    })
    .patch('/', validate('json', updateProfileSchema), async (c) => {
      const { scope } = c.var;
      const accountId = scope.accountId;
      const raw: unknown = await c.req.json();
      if (typeof raw === 'object' && raw !== null) {
        const fields = findSuspiciousFields(Object.fromEntries(Object.entries(raw)));
        if (fields.length)
          logger.warn({ accountId, fields, form: 'profile' }, 'suspicious form input');
      }
      const current = await loadProfile(accountId);
      const changes = profileChangesFrom(c.req.valid('json'));
      // The grid/list view is every profile's to choose; the account's name, NIFs, phone and
      // type are its settings (a Utilizador on the shop's tablet may not rename the company).
      if (Object.keys(changes).some((key) => !PERSONAL_PREFERENCES.has(key)))
        assertCapability(scope, 'settings.manage');
      assertAccountTypeRule(current.profile, changes);
      await updateProfile(db, { accountId, changes, cipher });
      // Other tabs follow at once: the dashboard's grid/list mode is a profile setting.
      publishInBackground(events, accountId, { type: 'profile.changed' });
      return c.json(toProfileResponse(await loadProfile(accountId), view, scope), 200);
    })
    .put(
      '/photo',
      requireCapability('settings.manage'),
      bodyLimit({
        maxSize: MAX_AVATAR_BYTES + MULTIPART_OVERHEAD_BYTES,
        onError: () => {
          throw photoTooLarge();
        },
      }),
      async (c) => {
        const { scope } = c.var;
        const accountId = scope.accountId;
        await loadProfile(accountId);
        const body = await c.req.parseBody().catch(() => {
          throw photoInvalid();
        });
        const file = body.file;
        if (!(file instanceof File)) throw photoInvalid();
        if (file.size > MAX_AVATAR_BYTES) throw photoTooLarge();
        const bytes = new Uint8Array(await file.arrayBuffer());
        const kind = detectImageKind(bytes);
        if (!kind) throw photoInvalid();
        const webp = await reencodeAvatar(bytes, kind).catch(() => {
          throw photoInvalid();
        });
        const photoPath = `${accountId}/avatar-${Date.now()}-${randomBytes(6).toString('hex')}.webp`;
        await storage.put(photoPath, webp, 'image/webp');
        await replacePhoto(accountId, photoPath);
        return c.json(toProfileResponse(await loadProfile(accountId), view, scope), 200);
      },
    )
    .delete('/photo', requireCapability('settings.manage'), async (c) => {
      const { scope } = c.var;
      const accountId = scope.accountId;
      await loadProfile(accountId);
      await replacePhoto(accountId, null);
      return c.json(toProfileResponse(await loadProfile(accountId), view, scope), 200);
    });
}
