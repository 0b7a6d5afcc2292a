/**
 * The conformance checker ({@code lexsync check}, docs/architecture.md, "The conformance checker"): walks a whole ELI,
 * ResourceSync, Atom or document-group publication with the harvesters' own readers and the core validators and
 * groups the findings by rule. {@link org.lexsync.engine.check.Checker} is the one public entry, called by the facade.
 */
package org.lexsync.engine.check;
