-- Issue 13.3: the process holding a run (pid, host, process start time), so that a run whose process died
-- reads as 'interrupted' instead of 'running' for ever. Counts now grow with every committed batch; runs
-- that earlier versions left 'running' get the counts of their journal rows and are marked interrupted
-- (a process of an earlier version still running would overwrite both when it finishes).
ALTER TABLE runs ADD COLUMN holder_pid BIGINT;
ALTER TABLE runs ADD COLUMN holder_host TEXT;
ALTER TABLE runs ADD COLUMN holder_started TEXT;

UPDATE runs SET
    created = (SELECT COUNT(*) FROM journal j WHERE j.run_id = runs.id AND j.kind = 'created'),
    updated = (SELECT COUNT(*) FROM journal j WHERE j.run_id = runs.id AND j.kind = 'updated'),
    deleted = (SELECT COUNT(*) FROM journal j WHERE j.run_id = runs.id AND j.kind = 'deleted'),
    status = 'interrupted'
WHERE status = 'running';
