-- Issue 51: at most one job of a kind and key waits (queued, not yet taken), by a unique index instead of each insert's
-- own NOT EXISTS (two of them, with different predicates, and racing inserts could both pass). Inserts say
-- ON CONFLICT DO NOTHING (jobs/repository.ts unlessWaiting). A job already taken is not waiting: a change made
-- while it runs queues one more, which reads the change.

-- Waiting duplicates left by those races: the oldest of each kind and key stays, the others go (the same work).
DELETE FROM jobs j
 WHERE j.status = 'queued' AND j.locked_until IS NULL
   AND EXISTS (SELECT 1 FROM jobs o
                WHERE o.kind = j.kind AND o.key = j.key AND o.status = 'queued' AND o.locked_until IS NULL AND o.id < j.id);

CREATE UNIQUE INDEX jobs_one_waiting ON jobs (kind, key) WHERE status = 'queued' AND locked_until IS NULL;
