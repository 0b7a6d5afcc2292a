/**
 * The ZIP gate: the one bounds-checked reader through which every part of LexSync opens a ZIP archive
 * (ResourceSync dump packages, EUCases document groups). {@link org.lexsync.core.zip.ZipArchive} reads the
 * central directory by hand (an odd entry fails alone; too many or overlapping entries refuse the archive),
 * {@link org.lexsync.core.zip.ZipEntryReader} reads entry data within {@link org.lexsync.core.zip.ZipLimits}
 * (sizes, expansion ratios) and checks each entry's CRC-32, {@link org.lexsync.core.zip.ZipNames} holds the
 * name checks (traversal, drive letters, absolute names) and every refusal is a
 * {@link org.lexsync.core.zip.ZipArchiveException} naming the archive and the entry.
 */
package org.lexsync.core.zip;
