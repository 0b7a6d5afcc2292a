-- Issue 16 (publishing the aggregate): the Resource List reads the active resources in the order of the journal rows
-- that made them what they are (store.Journal.forEachCurrentVersion/After, forEachCurrentSeq). With last_seq alone
-- in the index every entry also looked up its resources row, a wide one, for its status; and a source's list was
-- read through the primary key (source_id, uri) and sorted by last_seq, all of the source's rows for each part of
-- 50,000. These two indexes answer both in order from the index alone (a 1,000,000-resource Resource List: see
-- docs/benchmarks.md). They replace resources_by_seq.
CREATE INDEX resources_active_by_seq ON resources (status, last_seq);
CREATE INDEX resources_source_by_seq ON resources (source_id, status, last_seq);
DROP INDEX resources_by_seq;
