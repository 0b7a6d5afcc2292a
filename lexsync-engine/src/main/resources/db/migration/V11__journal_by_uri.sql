-- Issue 16 (publishing the aggregate): the journal by resource URI, so that the aggregate Atom feed finds which
-- source first wrote a resource URI (store.Journal.firstSources). Two sources may hold the same URI; the first one
-- in journal order keeps the plain URI as its entries' atom:id and the others get an id of their own, so that a
-- consumer never reads one source's entry as a revision of another's (docs/architecture.md, "Publishing the
-- aggregate"). Covering (source_id included): the lookup reads the index only.
CREATE INDEX journal_by_uri ON journal (resource_uri, seq, source_id);
