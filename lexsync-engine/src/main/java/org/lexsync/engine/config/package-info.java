/**
 * {@code lexsync.yaml}: the sources a LexSync installation collects from (id, protocol, URLs, politeness,
 * schedule, approval, contact, options), read safely and checked with errors naming key path and line.
 */
package org.lexsync.engine.config;
