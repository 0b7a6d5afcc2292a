package org.lexsync.cli;

/** Output of the store listing commands: machine-readable JSON lines, or an aligned table for people. */
enum OutputFormat { jsonl, table }
