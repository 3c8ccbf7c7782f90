// Two accounts side by side: neither sees nor touches the other's profile, emails or files.
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import {
  createTestApp,
  TEST_CSRF_TOKEN,
  TEST_ORIGIN,
  type TestApp,
} from '#tests/setup/test-app.ts';

type Profile = {
  accountId: string;
  email: string;
  fullName: string | null;
  photoUrl: string | null;
};
type History = { items: { id: string; to: string }[] };

let t: TestApp;
let ana: string;
let rui: string;

beforeAll(async () => {
  t = await createTestApp();
  ana = await signUpVerified(t, 'ana.isolada@exemplo.pt', { fullName: 'Ana' });
  rui = await signUpVerified(t, 'rui.isolado@exemplo.pt', { fullName: 'Rui' });
});

afterAll(async () => {
  await t.close();
});

const write = (cookie: string) => ({
  cookie,
  origin: TEST_ORIGIN,
  'x-csrf-token': TEST_CSRF_TOKEN,
});
const profileOf = async (cookie: string) =>
  (await (await t.app.request('/api/profile', { headers: { cookie } })).json()) as Profile;

test('each account sees only its own profile, and edits only its own', async () => {
  await t.app.request('/api/profile', {
    method: 'PATCH',
    headers: { ...write(rui), 'content-type': 'application/json' },
    body: JSON.stringify({ fullName: 'Rui Mudado' }),
  });
  const a = await profileOf(ana);
  const r = await profileOf(rui);
  expect(a).toMatchObject({ email: 'ana.isolada@exemplo.pt', fullName: 'Ana' });
  expect(r).toMatchObject({ email: 'rui.isolado@exemplo.pt', fullName: 'Rui Mudado' });
  expect(a.accountId).not.toBe(r.accountId);
});

test("each account's email history holds only its own emails, and resend is refused across", async () => {
  const anaHistory = (await (
    await t.app.request('/api/emails', { headers: { cookie: ana } })
  ).json()) as History;
  const ruiHistory = (await (
    await t.app.request('/api/emails', { headers: { cookie: rui } })
  ).json()) as History;
  expect(anaHistory.items.map((i) => i.to)).toEqual(['ana.isolada@exemplo.pt']);
  expect(ruiHistory.items.map((i) => i.to)).toEqual(['rui.isolado@exemplo.pt']);
  const anaEmail = anaHistory.items[0];
  if (!anaEmail) throw new Error('no email for Ana');
  const res = await t.app.request(`/api/emails/${anaEmail.id}/resend`, {
    method: 'POST',
    headers: write(rui),
  });
  expect(res.status).toBe(404);
});

test("one account's photo is not the other's, and its file cannot be reached by changing a URL", async () => {
  const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new File([new Uint8Array(jpeg)], 'a.jpg', { type: 'image/jpeg' }));
  await t.app.request('/api/profile/photo', { method: 'PUT', headers: write(ana), body: form });
  const anaUrl = (await profileOf(ana)).photoUrl;
  expect(anaUrl).toMatch(/^\/api\/files\//);
  expect((await profileOf(rui)).photoUrl).toBeNull();

  // Rui's own signed URL, pointed at Ana's file, is worthless.
  const form2 = new FormData();
  form2.append('file', new File([new Uint8Array(jpeg)], 'r.jpg', { type: 'image/jpeg' }));
  await t.app.request('/api/profile/photo', { method: 'PUT', headers: write(rui), body: form2 });
  const ruiUrl = new URL((await profileOf(rui)).photoUrl ?? '', 'http://localhost');
  const anaPath = new URL(anaUrl ?? '', 'http://localhost').pathname;
  const res = await t.app.request(`${anaPath}${ruiUrl.search}`, { headers: { cookie: rui } });
  expect(res.status).toBe(403);
  // Nor does Ana's own URL, in Rui's session: files are served only to their account.
  expect((await t.app.request(anaUrl ?? '', { headers: { cookie: rui } })).status).toBe(403);
  // Deleting his photo leaves hers in place.
  await t.app.request('/api/profile/photo', { method: 'DELETE', headers: write(rui) });
  expect((await t.app.request(anaUrl ?? '', { headers: { cookie: ana } })).status).toBe(200);
});
