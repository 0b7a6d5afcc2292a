/**
 * The data directory (docs/architecture.md, "Core model", invariant 2): relational state and change journal on SQLite
 * or PostgreSQL (one Flyway schema in {@code db/migration}), and content-addressed blobs, small ones in the database
 * and larger ones as files. Entry point: {@link org.lexsync.engine.store.Store#open}.
 */
package org.lexsync.engine.store;
