package org.lexsync.server.ping;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Ping URLs are compared after normalising (rinfo §9: the pinged URL is the subscription feed's). */
class FeedUrlTest {
    @Test
    void schemeAndHostCaseDefaultPortAndTrailingSlashDoNotMatter() {
        FeedUrl plain = FeedUrl.of("http://example.org/feed").orElseThrow();
        assertThat(FeedUrl.of("HTTP://Example.ORG:80/feed/")).contains(plain);
        assertThat(FeedUrl.of("https://example.org:443/")).isEqualTo(FeedUrl.of("https://EXAMPLE.org"));
    }

    @Test
    void pathCaseQueryAndOtherPortsDo() {
        FeedUrl plain = FeedUrl.of("http://example.org/feed").orElseThrow();
        assertThat(FeedUrl.of("http://example.org/Feed")).isNotEqualTo(java.util.Optional.of(plain));
        assertThat(FeedUrl.of("http://example.org:8080/feed")).isNotEqualTo(java.util.Optional.of(plain));
        assertThat(FeedUrl.of("http://example.org/feed?page=2")).isNotEqualTo(java.util.Optional.of(plain));
    }

    @Test
    void onlyAbsoluteHttpUrlsAreFeeds() {
        assertThat(FeedUrl.of("ftp://example.org/feed")).isEmpty();
        assertThat(FeedUrl.of("/feed")).isEmpty();
        assertThat(FeedUrl.of("not a url")).isEmpty();
        assertThat(FeedUrl.of("")).isEmpty();
        assertThat(FeedUrl.of(null)).isEmpty();
    }
}
