import { describe, expect, it } from 'vitest';
import { peopleRefusal } from '../../src/shared/people-rule';
import { MSG } from '../../src/shared/messages';

const admin = { id: 1, role: 'admin' };
const manager = { id: 2, role: 'manager' };
const otherManager = { id: 3, role: 'manager' };
const seller = { id: 4, role: 'seller' };

describe('the people rule (one home: shared/people-rule.ts)', () => {
  it('an admin may do anything to others, but never change their own role or delete themselves', () => {
    for (const target of [manager, seller]) {
      expect(peopleRefusal(admin, 'edit', target, { role: 'manager', password: 'x' })).toBeNull();
      expect(peopleRefusal(admin, 'delete', target)).toBeNull();
    }
    expect(peopleRefusal(admin, 'create', null, { role: 'manager' })).toBeNull();
    expect(peopleRefusal(admin, 'delete', admin)).toBe(MSG.cannotDeleteSelf);
    // The admin account keeps its role whatever is sent: no role change to refuse.
    expect(peopleRefusal(admin, 'edit', admin, { role: 'manager' })).toBeNull();
  });

  it('a manager creates and edits sellers, never their role or password, and reads staff but not the admin', () => {
    expect(peopleRefusal(manager, 'create', null, { role: 'seller' })).toBeNull();
    expect(peopleRefusal(manager, 'create', null, { role: 'manager' })).toBe(MSG.onlyAdminStaff);
    expect(peopleRefusal(manager, 'edit', seller, { role: 'seller' })).toBeNull();
    expect(peopleRefusal(manager, 'edit', seller, { role: 'manager' })).toBe(MSG.onlyAdminRole);
    expect(peopleRefusal(manager, 'edit', seller, { role: 'seller', password: 'new-one' })).toBe(MSG.onlyAdminPassword);
    expect(peopleRefusal(manager, 'delete', seller)).toBeNull();
    for (const target of [admin, otherManager]) {
      expect(peopleRefusal(manager, 'edit', target, { role: target.role })).toBe(MSG.onlyAdminStaff);
      expect(peopleRefusal(manager, 'delete', target)).toBe(MSG.onlyAdminStaff);
    }
    expect(peopleRefusal(manager, 'view', otherManager)).toBeNull();
    expect(peopleRefusal(manager, 'view', admin)).toBe(MSG.forbidden);
  });

  it('anyone edits their own name, email and password but not their own role; nobody deletes themselves', () => {
    expect(peopleRefusal(manager, 'edit', manager, { role: 'manager', password: 'mine-1' })).toBeNull();
    expect(peopleRefusal(manager, 'edit', manager, { role: 'seller' })).toBe(MSG.ownRole);
    expect(peopleRefusal(manager, 'delete', manager)).toBe(MSG.cannotDeleteSelf);
  });

  it('a record that is not there is the handler’s 404, not a refusal', () => {
    expect(peopleRefusal(manager, 'edit', null, { role: 'manager' })).toBeNull();
  });
});
