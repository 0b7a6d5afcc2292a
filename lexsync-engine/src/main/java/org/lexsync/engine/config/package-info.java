/**
 * {@code lexsync.yaml}: the sources a LexSync installation collects from (id, protocol, URLs, politeness,
 * schedule, approval, contact, options), read safely and checked with errors naming key path and line.
 * Types are non-null unless marked {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package org.lexsync.engine.config;

import org.jspecify.annotations.NullMarked;
