/**
 * How a ResourceSync source is found from any starting URL (ResourceSync §6.3), shared by the harvester
 * ({@code engine.resourcesync}) and the checker ({@code engine.check}) so that {@code lexsync sync} and
 * {@code lexsync check} find the same documents from the same URL. It fetches and parses nothing itself: each side
 * plugs in its own fetching and reading ({@link org.lexsync.engine.discovery.ResourceSyncDiscovery.Reader}).
 */
package org.lexsync.engine.discovery;
