import type { Locator } from '@playwright/test';
import type { Profile } from '../../../src/shared/domain.ts';
import { bridge } from '../support/bridge.ts';
import { expect, test } from '../support/fixtures.ts';
import { makePng } from '../support/images.ts';
import { seedComment, seedDesign, seedProfile } from '../support/seed.ts';

// SPEC B4: the local user's profile, the identity comments written here carry.

const STORED_AVATAR = /^\/media\/images\/[0-9a-f]{64}\.webp$/;
const INITIALS = /^\/media\/initials\/[0-9a-f-]{36}\.svg$/;
// What the page shows them at in browser mode: under the server's media key.
const SHOWN_STORED_AVATAR = /^\/m\/[0-9a-f]{48}\/media\/images\/[0-9a-f]{64}\.webp$/;
const SHOWN_INITIALS = /^\/m\/[0-9a-f]{48}\/media\/initials\/[0-9a-f-]{36}\.svg$/;

/** The width the browser decoded an image at: 0 while it is missing or broken. */
const loadedWidth = (img: Locator) =>
  img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0));

test('the first comment asks who you are, then goes on', async ({ crit, design, workspace }) => {
  const { design: seeded } = await seedDesign(crit, 'First time', ['home']);
  await design.open(seeded.id);
  await expect(design.profileButton).toHaveText('Set up profile');

  await design.commentModeButton.click();
  await expect(design.dialog).toContainText('Who is reviewing?');
  await expect(design.dialog).toContainText('Comments you write carry your name.');
  // Not asking is not commenting.
  await design.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(design.dialog).toHaveCount(0);
  await expect(design.commentModeButton).toHaveAttribute('aria-pressed', 'false');
  expect(await bridge<Profile | null>(crit, 'profile:get', [])).toBeNull();

  await design.page.keyboard.press('c');
  await expect(design.dialog).toContainText('Who is reviewing?');
  await expect(design.dialog.getByRole('button', { name: 'Save profile' })).toBeDisabled();
  await design.saveProfile('Pat Peer', 'Peer');
  await expect(design.commentModeButton).toHaveAttribute('aria-pressed', 'true');
  await expect(design.profileButton).toHaveText('Pat Peer');
  await expect(workspace.userAvatar).toHaveAttribute('src', SHOWN_INITIALS);
  await expect(workspace.userAvatar).toHaveAccessibleName('Pat Peer (you)');
  await expect.poll(() => loadedWidth(workspace.userAvatar)).toBeGreaterThan(0);

  await design.comment(50, 50, 'My first comment.');
  await expect(design.card(1)).toContainText('Pat Peer');
  await expect(workspace.reviewerButton('Pat Peer')).toBeVisible();
  await expect(workspace.reviewerButton('Pat Peer')).not.toContainText('expert');
  const profile = await bridge<Profile>(crit, 'profile:get', []);
  expect(profile).toMatchObject({ name: 'Pat Peer', role: 'peer' });
  expect(profile.avatar).toMatch(INITIALS);
});

test('the profile is edited from the header: name, role and avatar', async ({
  crit,
  design,
  workspace,
  page,
}) => {
  const before = await seedProfile(crit, 'Pat Peer', 'peer');
  const { design: seeded, pages } = await seedDesign(crit, 'Profile', ['home']);
  await seedComment(crit, pages[0]!.id, 'Written before the change.');
  await design.open(seeded.id);
  await expect(workspace.reviewerButton('Pat Peer')).toBeVisible();
  await expect(workspace.reviewerButton('Pat Peer')).not.toContainText('expert');

  await design.profileButton.click();
  await expect(design.dialog).toContainText('Your profile');
  await expect(design.dialog.getByLabel('Name')).toHaveValue('Pat Peer');
  await expect(design.dialog.getByLabel('Peer')).toBeChecked();

  // A new name, expert, and an image for the avatar, previewed before it is saved.
  await design.dialog
    .getByLabel('Choose image…')
    .setInputFiles(await makePng('me.png', 600, 400, 330));
  await expect(design.dialog.locator('img.avatar')).toHaveAttribute('src', /^blob:/);
  await design.saveProfile('Pat Expert', 'Expert');
  await expect(design.profileButton).toHaveText('Pat Expert');
  await expect(workspace.userAvatar).toHaveAttribute('src', SHOWN_STORED_AVATAR);
  await expect.poll(() => loadedWidth(workspace.userAvatar)).toBe(256);

  // The reviewers list and the cards follow, without a reload.
  const me = workspace.reviewerButton('Pat Expert');
  await expect(me).toContainText('expert');
  await expect(me.locator('img.avatar')).toHaveAttribute('src', SHOWN_STORED_AVATAR);
  await expect(design.card(1)).toContainText('Pat Expert');
  const saved = await bridge<Profile>(crit, 'profile:get', []);
  expect(saved).toMatchObject({ reviewerId: before.reviewerId, name: 'Pat Expert' });
  expect(saved.role).toBe('expert');
  expect(saved.avatar).toMatch(STORED_AVATAR);

  // Back to initials.
  await design.profileButton.click();
  await expect(design.dialog.getByLabel('Expert')).toBeChecked();
  await design.dialog.getByRole('button', { name: 'Use initials' }).click();
  await design.dialog.getByRole('button', { name: 'Save profile' }).click();
  await expect(design.dialog).toHaveCount(0);
  await expect(workspace.userAvatar).toHaveAttribute('src', SHOWN_INITIALS);
  await expect.poll(() => loadedWidth(workspace.userAvatar)).toBeGreaterThan(0);
  await expect(workspace.reviewerButton('Pat Expert').locator('img.avatar')).toHaveAttribute(
    'src',
    SHOWN_INITIALS,
  );

  await page.reload();
  await expect(design.profileButton).toHaveText('Pat Expert');
  await expect(workspace.reviewerButton('Pat Expert')).toContainText('expert');
  await expect(workspace.userAvatar).toHaveAttribute('src', SHOWN_INITIALS);
});

test('an avatar file that is not an image is refused in the dialog and the old one stays', async ({
  crit,
  design,
  workspace,
}) => {
  await seedProfile(crit, 'Pat Peer', 'peer');
  await bridge<Profile>(crit, 'profile:save', [
    {
      name: 'Pat Peer',
      role: 'peer',
      avatar: { $bytes: (await makePng('a.png', 300, 300, 90)).buffer.toString('base64') },
    },
  ]);
  const before = await bridge<Profile>(crit, 'profile:get', []);
  expect(before.avatar).toMatch(STORED_AVATAR);
  const { design: seeded } = await seedDesign(crit, 'Avatar', ['home']);
  await design.open(seeded.id);
  await expect(workspace.userAvatar).toHaveAttribute('src', crit.mediaUrl(before.avatar!));

  await design.profileButton.click();
  await design.dialog.getByLabel('Name').fill('Renamed in vain');
  await design.dialog.getByLabel('Choose image…').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not really a picture'),
  });
  await design.dialog.getByRole('button', { name: 'Save profile' }).click();
  const error = design.dialog.getByRole('alert');
  await expect(error).toContainText('The file is not a PNG, JPEG or WebP image.');
  // The dialog stays open with what was typed, so it can be put right.
  await expect(design.dialog.getByLabel('Name')).toHaveValue('Renamed in vain');

  await design.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(design.dialog).toHaveCount(0);
  await expect(design.profileButton).toHaveText('Pat Peer');
  await expect(workspace.userAvatar).toHaveAttribute('src', crit.mediaUrl(before.avatar!));
  await expect.poll(() => loadedWidth(workspace.userAvatar)).toBe(256);
  expect(await bridge<Profile>(crit, 'profile:get', [])).toEqual(before);
});
