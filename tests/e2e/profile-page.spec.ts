import sharp from 'sharp';
import { expect, inject, test } from 'vitest';
import { openPage, PHONE, POLL, useBrowser } from './browser.ts';
import { trackNetwork } from './helpers/network.ts';
import { saveScreenshot } from './helpers/screenshots.ts';
import { signUpAndSignIn } from './helpers/sign-up.ts';

const baseUrl = inject('baseUrl');
const getBrowser = useBrowser();

async function openProfile(options: Parameters<typeof openPage>[1] = {}) {
  const probe = await openPage(getBrowser(), options);
  const user = await signUpAndSignIn(probe.page, baseUrl);
  await probe.page.goto(`${baseUrl}/meu-perfil`);
  await probe.page.getByRole('heading', { level: 1, name: 'O meu perfil' }).waitFor();
  await probe.page.getByRole('button', { name: 'Editar perfil' }).waitFor();
  return { probe, user };
}

test('edits name, NIF, phone and view mode, and keeps them after a reload', async () => {
  const { probe } = await openProfile();
  const { page } = probe;
  const network = trackNetwork(page);
  await saveScreenshot(page, 'profile-desktop');

  await page.getByRole('button', { name: 'Editar perfil' }).click();
  await page.getByLabel('Nome completo').fill('Maria Fernandes');
  await page.getByLabel('NIF pessoal').fill('123 456 789');
  await page.getByLabel('Telefone').fill('+351 912 345 678');
  await saveScreenshot(page, 'profile-edit-desktop');
  await page.getByRole('button', { name: 'Guardar alterações' }).click();
  await page.getByText('Perfil atualizado com sucesso').waitFor();

  await page.getByRole('radio', { name: 'Lista' }).check();
  await page.getByText('Preferência guardada').waitFor();
  await page.getByRole('switch', { name: 'Notificações push' }).click();
  await expect
    .poll(
      () => page.getByRole('switch', { name: 'Notificações push' }).getAttribute('aria-checked'),
      POLL,
    )
    .toBe('true');

  // Let the refetch after the last save finish before reloading.
  await network.idle();
  await page.reload();
  await page.getByRole('button', { name: 'Editar perfil' }).waitFor();
  await page.getByText('Maria Fernandes').first().waitFor();
  // The NIF is shown grouped 3-3-3 when viewing.
  await page.getByText('123 456 789').waitFor();
  await page.getByText('+351 912 345 678').waitFor();
  expect(await page.getByRole('radio', { name: 'Lista' }).isChecked()).toBe(true);
  expect(
    await page.getByRole('switch', { name: 'Notificações push' }).getAttribute('aria-checked'),
  ).toBe('true');
  probe.expectClean();
  await probe.close();
});

test('an invalid NIF shows its message and is not saved', async () => {
  const { probe } = await openProfile();
  const { page } = probe;
  await page.getByRole('button', { name: 'Editar perfil' }).click();
  await page.getByLabel('NIF pessoal').fill('123456780');
  await page.getByRole('button', { name: 'Guardar alterações' }).click();

  await page
    .getByText('NIF inválido: deve ter 9 dígitos e um dígito de controlo correto')
    .waitFor();
  expect(await page.getByLabel('NIF pessoal').getAttribute('aria-invalid')).toBe('true');
  // Still editing, with what was typed.
  expect(await page.getByLabel('NIF pessoal').inputValue()).toBe('123456780');
  probe.expectClean();
  await probe.close();
});

test('uploads an avatar photo, shows it, and removes it', async () => {
  const { probe } = await openProfile();
  const { page } = probe;
  const jpeg = await sharp({
    create: { width: 320, height: 320, channels: 3, background: { r: 11, g: 110, b: 86 } },
  })
    .jpeg()
    .toBuffer();

  await page
    .getByLabel('Escolher fotografia')
    .setInputFiles({ name: 'eu.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await page.getByText('Fotografia atualizada').waitFor();
  const photo = page.getByRole('img', { name: 'Fotografia de perfil' });
  await expect.poll(() => photo.getAttribute('src'), POLL).toMatch(/^\/api\/files\/|^http/);
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth), POLL)
    .toBeGreaterThan(0);
  await saveScreenshot(page, 'profile-photo-desktop');

  await page.getByRole('button', { name: 'Remover fotografia' }).click();
  await page.getByText('Fotografia removida').waitFor();
  expect(await photo.count()).toBe(0);
  probe.expectClean();
  await probe.close();
});

test('a file that is not an image is refused before upload', async () => {
  const { probe } = await openProfile();
  const { page } = probe;
  await page
    .getByLabel('Escolher fotografia')
    .setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('olá') });
  await page.getByText('Por favor, selecione uma imagem válida').waitFor();
  probe.expectClean();
  await probe.close();
});

test('the profile page fits a phone screen', async () => {
  const { probe } = await openProfile({ viewport: PHONE, hasTouch: true, isMobile: true });
  const { page } = probe;
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  await saveScreenshot(page, 'profile-mobile');
  await page.getByRole('button', { name: 'Editar perfil' }).click();
  await saveScreenshot(page, 'profile-edit-mobile');
  probe.expectClean();
  await probe.close();
});
