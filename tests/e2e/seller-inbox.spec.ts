import { test, expect, loginAs, idle, apiCall, createUser, createOffer, createCard, approveCard, rejectCard, unique } from './fixtures';

/**
 * Issue 53, the seller's inbox: staff reject a card, approve another and pay it while the seller has the app open;
 * the bell's unread count rises without a reload, the Inbox lists what happened, each item opens its card, and
 * marking read clears the count. Runs in the browser and in the desktop app (the live stream comes through main there).
 */
test.setTimeout(90_000);

test('decisions and payouts reach the seller live; the inbox links to the card and marking read clears the count', async ({ page }) => {
  const seller = await createUser('seller');
  const offer = await createOffer({ title: unique('Inbox Offer'), rate_type: 0, rate: 10 });
  const rejected = await createCard(seller.email, offer.id, 40);
  const approved = await createCard(seller.email, offer.id, 60);
  await loginAs(page, seller.email);
  const bell = page.getByTestId('inbox-bell');
  await expect(bell).toHaveAccessibleName('Inbox');

  await test.step('a rejection raises the count without a reload', async () => {
    await rejectCard(rejected, 'unreadable_image', 'The PIN is scratched');
    await expect(bell).toHaveAccessibleName('Inbox, 1 unread');
    await expect(page.getByTestId('inbox-unread').locator('.MuiBadge-badge')).toHaveText('1');
  });

  await test.step('an approval and a payout raise it again', async () => {
    await approveCard(approved);
    const pay = await apiCall('POST', 'transaction', {
      as: 'admin',
      body: { code: unique('INBOX').replace(/\s+/g, '-'), transaction_amount: 25.5, gidcard_id: approved, seller_id: seller.id },
    });
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    await expect(bell).toHaveAccessibleName('Inbox, 3 unread');
  });

  const items = page.getByRole('list', { name: 'Inbox items' }).getByTestId('inbox-item');
  await test.step('the bell opens the Inbox: newest first, each linking to its card', async () => {
    await bell.click();
    await expect(page).toHaveURL(/\/inbox$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    await idle(page);
    await expect(page.getByTestId('inbox-summary')).toHaveText('3 unread.');
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toContainText('$25.50 was paid for card #' + approved);
    await expect(items.nth(1)).toContainText(`Card #${approved} was approved`);
    await expect(items.nth(2)).toContainText(`Card #${rejected} was rejected`);
    await expect(items.nth(2)).toContainText('Unreadable image: The PIN is scratched');
    for (let i = 0; i < 3; i++) await expect(items.nth(i).getByText('Unread', { exact: true })).toBeVisible();
  });

  await test.step("opening the rejection goes to the card's page and reads that item", async () => {
    await items
      .nth(2)
      .getByRole('link', { name: `Card #${rejected} was rejected` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/gift-card/${rejected}$`));
    await expect(page.getByTestId('rejection-notice')).toContainText('The PIN is scratched');
    await expect(bell).toHaveAccessibleName('Inbox, 2 unread');
  });

  await test.step('Mark all as read clears the count', async () => {
    await bell.click();
    await expect(items).toHaveCount(3);
    await expect(items.nth(2)).toHaveAttribute('data-read', 'true');
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(bell).toHaveAccessibleName('Inbox');
    // MUI keeps the last number in a badge it hides.
    await expect(page.getByTestId('inbox-unread').locator('.MuiBadge-badge')).toHaveClass(/MuiBadge-invisible/);
    await expect(page.getByTestId('inbox-summary')).toHaveText('Nothing unread.');
    await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    await expect(items.filter({ has: page.getByText('Unread', { exact: true }) })).toHaveCount(0);
  });

  await test.step('read on the server: a reload keeps the count at zero', async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    await idle(page);
    await expect(bell).toHaveAccessibleName('Inbox');
  });
});

test('payout holds reach the seller live: a card hold links to the card, a hold on the seller to My Gift Cards', async ({ page }) => {
  const seller = await createUser('seller');
  const offer = await createOffer({ title: unique('Hold Inbox Offer'), rate_type: 0, rate: 10 });
  const held = await createCard(seller.email, offer.id, 40);
  await approveCard(held);
  await loginAs(page, seller.email);
  const bell = page.getByTestId('inbox-bell');
  await expect(bell).toHaveAccessibleName('Inbox, 1 unread');

  const place = async (body: Record<string, unknown>) => {
    const r = await apiCall('POST', 'payout-holds', { as: 'admin', body });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data as { id: number; until: string | null };
  };
  const onCard = await place({ gift_card_id: held, reason: 'Checking the balance with the merchant', days: 3 });
  const onSeller = await place({ seller_id: seller.id, reason: 'Identity check' });
  await expect(bell).toHaveAccessibleName('Inbox, 3 unread');

  const until = await page.evaluate(
    (iso) =>
      new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(
        new Date(iso),
      ),
    onCard.until!,
  );
  const items = page.getByRole('list', { name: 'Inbox items' }).getByTestId('inbox-item');
  await bell.click();
  await idle(page);
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('Your payouts were put on hold until staff release them');
  await expect(items.nth(0)).toContainText('Identity check');
  await expect(items.nth(1)).toContainText(`Card #${held} was put on hold until ${until}`);
  await expect(items.nth(1)).toContainText('Checking the balance with the merchant');
  await expect(page.getByRole('list', { name: 'Inbox items' })).not.toContainText('Admin');

  await items
    .nth(1)
    .getByRole('link', { name: `Card #${held} was put on hold until ${until}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/gift-card/${held}$`));
  await bell.click();
  await items.nth(0).getByRole('link', { name: 'Your payouts were put on hold until staff release them' }).click();
  await expect(page).toHaveURL(/\/gift-cards$/);
  await expect(bell).toHaveAccessibleName('Inbox');

  // Staff lift both holds: the seller hears it live (hold.released), with which hold by its reason, naming no one.
  for (const hold of [onCard, onSeller]) {
    const r = await apiCall('POST', `payout-hold-release/${hold.id}`, { as: 'manager', body: { note: 'Staff-only note' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  await expect(bell).toHaveAccessibleName('Inbox, 2 unread');
  await bell.click();
  await idle(page);
  await expect(items).toHaveCount(5);
  await expect(items.nth(0)).toContainText('Payout hold lifted on your payouts');
  await expect(items.nth(0)).toContainText('Identity check');
  await expect(items.nth(1)).toContainText(`Payout hold lifted on card #${held}`);
  await expect(items.nth(1)).toContainText('Checking the balance with the merchant');
  await expect(page.getByRole('list', { name: 'Inbox items' })).not.toContainText('Staff-only note');
  await items
    .nth(1)
    .getByRole('link', { name: `Payout hold lifted on card #${held}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/gift-card/${held}$`));
});

test('staff have no inbox: no bell, and the screen says it is for sellers', async ({ page }) => {
  await loginAs(page, 'manager');
  await expect(page.getByTestId('inbox-bell')).toHaveCount(0);
  await page.goto('/inbox');
  await expect(page.getByRole('alert')).toContainText('It is for sellers only.');
});
