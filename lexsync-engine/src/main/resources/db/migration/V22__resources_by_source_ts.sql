-- Issue 33 (operator console): the overview reads, for every source, how many active resources it holds and the
-- newest source timestamp among them in one grouped query; this index covers it (source, status, timestamp), so the
-- query reads the index only. Portable as V1.
CREATE INDEX resources_by_source_ts ON resources (source_id, status, source_ts);
