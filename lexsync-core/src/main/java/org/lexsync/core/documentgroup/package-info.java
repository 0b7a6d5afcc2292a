/**
 * The EUCases document group (D2.1 §3.2, Appendix I): a ZIP package of the files of one compound legal
 * document plus its "MetaInfo" XML. {@link org.lexsync.core.documentgroup.DocumentGroupReader} and
 * {@link org.lexsync.core.documentgroup.DocumentGroupWriter} stream the MetaInfo to and from the
 * {@link org.lexsync.core.documentgroup.DocumentGroup} model;
 * {@link org.lexsync.core.documentgroup.DocumentGroupValidator} checks it against the Appendix I schema, the
 * prose rules, and the package's files and MD5s.
 */
package org.lexsync.core.documentgroup;
