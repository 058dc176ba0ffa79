import { test, expect, loginAs, shot, idle, unique, createUser, users, apiCall, E2E_PASSWORD } from './fixtures';
import { MSG } from '../../src/shared/messages';

test.describe('users', () => {
  test('list shows name, email, role with edit and delete', async ({ page }) => {
    const m = await createUser('manager'); // newest first: on page 1
    await loginAs(page, 'admin');
    await page.goto('/users');
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Email', 'Role', 'Action']);
    const row = table.getByRole('row').filter({ hasText: m.email });
    await expect(row.getByRole('cell').nth(0)).toHaveText(m.name);
    await expect(row.getByRole('cell').nth(2)).toHaveText('Manager');
    await expect(row.getByRole('button', { name: `Edit ${m.name}` })).toBeVisible();
    await expect(row.getByRole('button', { name: `Delete ${m.name}` })).toBeVisible();
    await shot(page, 'users-list');
  });

  test('create user: validation messages, then success', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/create/user');
    await expect(page.getByLabel('User Name')).toBeFocused();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('User Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByText('User Role is required')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await shot(page, 'user-create-validation');

    const name = unique('Created Seller');
    const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@e2e.example`;
    await page.getByLabel('User Name').fill(name);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByLabel('User Role').selectOption({ label: 'Seller' });
    await page.getByLabel('Password').press('Enter');
    await expect(page.getByText('User created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/users$/);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Seller');

    // The new account can log in.
    await page.getByRole('button', { name: 'Logout' }).click();
    await loginAs(page, email);
    await expect(page.getByTestId('user-name')).toHaveText(name);
  });

  test('create user with a taken email', async ({ page }) => {
    await loginAs(page, 'manager');
    await page.goto('/create/user');
    await page.getByLabel('User Name').fill('Dup');
    await page.getByLabel('Email').fill(users().seller.email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByLabel('User Role').selectOption({ label: 'Seller' });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The email has already been taken' }).first()).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('The email has already been taken');
    await expect(page).toHaveURL(/\/create\/user$/);
  });

  test('edit user: loads, password optional, success toast', async ({ page }) => {
    const u = await createUser('seller');
    await loginAs(page, 'admin');
    await page.goto(`/edit/user/${u.id}`);
    await expect(page.getByLabel('User Name')).toHaveValue(u.name);
    await expect(page.getByLabel('Email')).toHaveValue(u.email);
    await expect(page.getByLabel('Password')).toHaveValue('');
    await expect(page.getByLabel('User Role')).toHaveValue('seller');
    await shot(page, 'user-edit');
    await page.getByLabel('User Name').fill('');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('User Name is required')).toBeVisible();
    await page.getByLabel('User Name').fill(`${u.name} Renamed`);
    await page.getByLabel('User Role').selectOption({ label: 'Manager' });
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('User update success')).toBeVisible();
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByRole('row').filter({ hasText: u.email })).toContainText(`${u.name} Renamed`);
    await expect(page.getByRole('row').filter({ hasText: u.email })).toContainText('Manager');
  });

  test("edit user that does not exist: 'Server error'", async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/edit/user/999999');
    await expect(page.getByText('Server error', { exact: true }).first()).toBeVisible();
  });

  test('edit button opens the edit screen', async ({ page }) => {
    const u = await createUser('seller');
    await loginAs(page, 'admin');
    await page.goto('/users');
    await page.getByRole('button', { name: `Edit ${u.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/edit/user/${u.id}$`));
    await expect(page.getByLabel('Email')).toHaveValue(u.email);
  });

  test('delete user: cancel keeps, confirm deletes', async ({ page }) => {
    const u = await createUser('manager');
    await loginAs(page, 'admin');
    await page.goto('/users');
    const row = page.getByRole('row').filter({ hasText: u.email });
    await row.getByRole('button', { name: `Delete ${u.name}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText("Are you sure? You won't be able to revert this!");
    await shot(page, 'users-delete-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Delete ${u.name}` }).click();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await row.getByRole('button', { name: `Delete ${u.name}` }).click();
    await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect(page.getByText('Deleted! Delete Success.')).toBeVisible();
    await idle(page);
    await expect(page.getByRole('row').filter({ hasText: u.email })).toHaveCount(0);
  });

  test("a manager sees the admin's row locked: no edit or delete, and why", async ({ page }) => {
    await loginAs(page, 'manager');
    await page.goto('/users');
    // The admin is the oldest account: the last page.
    const table = page.getByRole('table', { name: 'Users' });
    const next = page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' });
    const adminDelete = page.getByRole('button', { name: `Delete ${users().admin.name}` });
    await expect(table).toHaveAttribute('aria-busy', 'false');
    // Page on until the admin's row shows. A page still loading can leave Next enabled a moment before it turns out to
    // be the last page, so a click that finds Next disabled is retried after looking for the row again.
    await expect(async () => {
      if (await adminDelete.isVisible()) return;
      await next.click({ timeout: 2_000 });
      await expect(table).toHaveAttribute('aria-busy', 'false');
      throw new Error("the admin's row is not on this page yet");
    }).toPass({ timeout: 30_000 });
    await expect(adminDelete).toBeDisabled();
    await expect(page.getByRole('button', { name: `Edit ${users().admin.name}` })).toBeDisabled();
    await adminDelete.locator('..').hover();
    await expect(page.getByRole('tooltip')).toHaveText(MSG.onlyAdminStaff);
    // The server still refuses a manager who tries anyway.
    const refused = await apiCall('DELETE', `users/${users().admin.id}`, { as: 'manager' });
    expect(refused.status).toBe(403);
  });

  test("a manager's screens follow the server's people rule: another manager locked, a seller's role and password not theirs", async ({
    page,
  }) => {
    const other = await createUser('manager');
    const seller = await createUser('seller');
    await loginAs(page, 'manager');
    await page.goto('/users');
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table).toHaveAttribute('aria-busy', 'false');
    await expect(table.getByRole('button', { name: `Edit ${other.name}` })).toBeDisabled();
    await expect(table.getByRole('button', { name: `Delete ${other.name}` })).toBeDisabled();
    await expect(table.getByRole('button', { name: `Edit ${seller.name}` })).toBeEnabled();
    await table.getByRole('button', { name: `Edit ${seller.name}` }).click();
    await expect(page.getByLabel('User Name')).toHaveValue(seller.name);
    await expect(page.getByLabel('Password')).toBeDisabled();
    await expect(page.getByText(MSG.onlyAdminPassword)).toBeVisible();
    await expect(page.getByLabel('User Role').locator('option:not([value=""])')).toHaveText(['Seller']);
    await shot(page, 'users-manager-edits-seller');
  });

  test('pagination appears above 10 users with numbered page buttons', async ({ page }) => {
    for (let i = 0; i < 8; i++) await createUser('seller');
    await loginAs(page, 'admin');
    await page.goto('/users');
    const nav = page.getByRole('navigation', { name: 'Pagination' });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('button', { name: '1', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(11);
    await nav.getByRole('button', { name: '2', exact: true }).click();
    await expect(nav.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('button', { name: 'Previous' }).click();
    await expect(nav.getByRole('button', { name: '1', exact: true })).toHaveAttribute('aria-current', 'page');
    // Next carries the keyset cursor of the page it leaves in the URL (issue 31); back on page 1 there is none.
    const firstRow = await page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1).textContent();
    await nav.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2&cursor=[\w-]+/);
    await expect(nav.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1)).not.toHaveText(firstRow ?? '');
    await nav.getByRole('button', { name: 'Previous' }).click();
    await expect(page).not.toHaveURL(/cursor=/);
    await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1)).toHaveText(firstRow ?? '');
    await shot(page, 'users-pagination');
  });
});
