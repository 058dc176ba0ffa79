import { moneyOrNull } from '../../db/values';
import type { User } from '../../../shared/types';

/** A user as the repository reads it (rate as the database's decimal text). */
export interface UserRow {
  id: number;
  name: string;
  email: string;
  role: User['role'];
  rate: string | null;
  version: number;
}

/** The API shape of a user. */
export const userOut = (r: UserRow): User => ({
  id: r.id,
  name: r.name,
  email: r.email,
  role: r.role,
  rate: moneyOrNull(r.rate),
  version: Number(r.version),
});
