import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server';
import { insertCard, insertOffer } from '../helpers/ledger-fixtures';
import { firstCardApprovedBy } from '../../src/server/modules/ledger/pending-repository';

// FOUR_EYES: "the staff member who approved a card may not pay it" has one home, first_card_approved_by
// (db/functions/first_card_approved_by.sql); ledger_pay, the payout edit and the pending approval all ask it.

let s: TestServer;
let actor: TestUser;
let other: TestUser;
const cards: number[] = [];
beforeAll(async () => {
  s = await startTestServer();
  actor = s.users.manager;
  other = await s.createUser('manager', 'Other manager');
  const seller = await s.createUser('seller');
  const offerId = await insertOffer(s.database);
  // Ids ascending: approved by the actor, by the other, by the actor again, by nobody (pending).
  for (const [by, status] of [
    [actor.id, 1],
    [other.id, 1],
    [actor.id, 1],
    [null, 0],
  ] as const) {
    const id = await insertCard(s.database, { sellerId: seller.id, offerId, price: '10.00', status });
    await s.database.query(sql`UPDATE gift_cards SET approved_by = ${by} WHERE id = ${id}`);
    cards.push(id);
  }
});
afterAll(async () => s?.close());

const first = async (actorId: number, ids: number[]) =>
  (
    await s.database.query<{ id: number | null }>(sql`SELECT first_card_approved_by(${actorId}::int, ${`{${ids.join(',')}}`}::int[]) AS id`)
  )[0].id;

describe('first_card_approved_by: of some cards, the lowest id the actor approved', () => {
  it("answers the actor's own card, and null for a card another approved or nobody did", async () => {
    const [mine, theirs, , pending] = cards;
    expect(await first(actor.id, [mine])).toBe(mine);
    expect(await first(actor.id, [theirs])).toBeNull();
    expect(await first(actor.id, [pending])).toBeNull();
    expect(await first(other.id, [mine])).toBeNull();
    expect(await first(actor.id, [])).toBeNull();
  });

  it('answers the lowest id, whatever order the cards are given in', async () => {
    const [mine, theirs, mineToo, pending] = cards;
    expect(await first(actor.id, [pending, mineToo, theirs, mine])).toBe(mine);
    expect(await first(actor.id, [pending, mineToo, theirs])).toBe(mineToo);
    expect(await first(other.id, [mineToo, theirs, mine])).toBe(theirs);
  });

  it('is what the server asks: the same answers through firstCardApprovedBy', async () => {
    const [mine, theirs, mineToo] = cards;
    const ask = (actorId: number, ids: number[]) => firstCardApprovedBy(s.database.db, actorId, ids);
    expect(await ask(actor.id, [mineToo, theirs, mine])).toBe(mine);
    expect(await ask(actor.id, [theirs])).toBeNull();
    expect(await ask(actor.id, [])).toBeNull();
  });
});
