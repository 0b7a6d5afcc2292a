package org.lexsync.server.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Everything written as text or attribute is HTML-escaped; only the page's own markup is raw. */
class HtmlTest {
    @Test
    void textIsEscaped() {
        assertThat(new Html().text("<script>alert('x & \"y\"')</script>").toString())
                .isEqualTo("&lt;script&gt;alert(&#39;x &amp; &quot;y&quot;&#39;)&lt;/script&gt;");
    }

    @Test
    void attributeValuesAreEscaped() {
        assertThat(new Html().raw("<a").attr("href", "/x\" onclick=\"evil()").raw(">").toString())
                .isEqualTo("<a href=\"/x&quot; onclick=&quot;evil()\">");
    }

    @Test
    void plainTextIsLeftAsItIs() {
        assertThat(Html.escape("acts-2024 (ok)")).isEqualTo("acts-2024 (ok)");
    }
}
