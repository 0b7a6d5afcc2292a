-- Give-up rule (DESIGN §4.6): an item failure is held (an ordered feed waits for it), skipped (a snapshot's
-- item the run went past) or quarantined (failed too often or too long: the checkpoint passes it). Items the
-- checkpoint passed keep the change to retry on their own in retry_change (text form written by the applier).
ALTER TABLE item_failures ADD COLUMN status TEXT NOT NULL DEFAULT 'held';
ALTER TABLE item_failures ADD COLUMN retry_change TEXT;
