/**
 * Sitemaps 0.9 and ResourceSync (ANSI/NISO Z39.99-2014, plus the v1.1 {@code datetime} attribute) documents:
 * {@link org.lexsync.core.sitemap.SitemapReader} streams a header and then one
 * {@link org.lexsync.core.sitemap.SitemapEntry} at a time, {@link org.lexsync.core.sitemap.SitemapWriter}
 * streams them out, and {@link org.lexsync.core.sitemap.SitemapValidator} reports the specs' rules as findings.
 * ELI Sitemaps (ELI Pillar IV §3.2) are plain sitemaps whose extensions (the root {@code dct:relation}
 * attribute, {@code eli:}/{@code dct:} elements inside {@code url}) are kept as foreign attributes/elements.
 */
package org.lexsync.core.sitemap;
