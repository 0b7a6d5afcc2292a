-- Issue 16 (publishing the aggregate): the Resource List reads the active resources in the order of the journal rows
-- that made them what they are (store.Journal.forEachCurrentVersion/After, forEachCurrentSeq). With last_seq alone
-- in the index every entry also looked up its resources row, a wide one, only for its status and source; with both
-- in the index the list reads the index and the journal row only (a 1,000,000-resource Resource List: see
-- docs/benchmarks.md). Replaces resources_by_seq, of which it is an extension.
CREATE INDEX resources_current_by_seq ON resources (last_seq, status, source_id);
DROP INDEX resources_by_seq;
