/**
 * The Atom archive collector of the Swedish legal information system (rinfo-atom-insamling, digest
 * rinfo-atom-collection-en.md): {@link org.lexsync.engine.atom.AtomHarvester} walks a subscription feed's
 * archives back to what is already collected (§8.3) or mirrors a complete feed (§8.2), and streams the
 * changes oldest first to the shared applier.
 */
package org.lexsync.engine.atom;
