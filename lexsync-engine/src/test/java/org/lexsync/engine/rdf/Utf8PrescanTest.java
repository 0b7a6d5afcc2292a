package org.lexsync.engine.rdf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

/** The shortcut past jsoup's charset sniffing must only be taken where jsoup would pick UTF-8 itself. */
class Utf8PrescanTest {
    private static final String BODY = "<body><p>Loi relative à la procédure civile</p></body></html>";

    private static byte[] page(String head) {
        return ("<!DOCTYPE html><html><head>" + head + "</head>" + BODY).getBytes(StandardCharsets.UTF_8);
    }

    private static String jsoupCharset(byte[] html) throws IOException {
        return Jsoup.parse(new ByteArrayInputStream(html), null, "http://country.xy/").charset().name();
    }

    @Test
    void utf8DeclarationsAndNoDeclarationSettleOnUtf8() {
        assertThat(Utf8Prescan.settlesOnUtf8(page("<meta charset=\"utf-8\">"))).isTrue();
        assertThat(Utf8Prescan.settlesOnUtf8(page("<meta charset='UTF-8'>"))).isTrue();
        assertThat(Utf8Prescan.settlesOnUtf8(page("<meta charset=utf-8>"))).isTrue();
        assertThat(Utf8Prescan.settlesOnUtf8(page(
                "<meta http-equiv=\"Content-Type\" content=\"text/html; charset = utf-8\">"))).isTrue();
        assertThat(Utf8Prescan.settlesOnUtf8(page("<title>x</title>"))).isTrue();
    }

    @Test
    void anythingElseIsLeftToJsoup() {
        assertThat(Utf8Prescan.settlesOnUtf8(page("<meta charset=\"iso-8859-1\">"))).isFalse();
        assertThat(Utf8Prescan.settlesOnUtf8(page("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1252\">")))
                .isFalse();
        assertThat(Utf8Prescan.settlesOnUtf8(page("<meta charset=\"utf-8\"><meta charset=\"iso-8859-1\">"))).isFalse();
        assertThat(Utf8Prescan.settlesOnUtf8(page("<meta charset=\"utf-8x\">"))).isFalse();
        assertThat(Utf8Prescan.settlesOnUtf8(page("<meta name=\"x\" content=\"the charset is unknown\">"))).isFalse();
        assertThat(Utf8Prescan.settlesOnUtf8(("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>" + BODY)
                .getBytes(StandardCharsets.ISO_8859_1))).isFalse();
        byte[] bom = page("<meta charset=\"utf-8\">");
        byte[] withBom = new byte[bom.length + 3];
        withBom[0] = (byte) 0xef;
        withBom[1] = (byte) 0xbb;
        withBom[2] = (byte) 0xbf;
        System.arraycopy(bom, 0, withBom, 3, bom.length);
        assertThat(Utf8Prescan.settlesOnUtf8(withBom)).isFalse();
        assertThat(Utf8Prescan.settlesOnUtf8(new byte[] {(byte) 0xff, (byte) 0xfe, '<', 0})).isFalse();
    }

    @Test
    void aDeclarationBeyondJsoupsWindowIsIgnoredByBoth() throws IOException {
        String filler = "<!-- " + "x".repeat(Utf8Prescan.WINDOW) + " -->";
        byte[] late = page(filler + "<meta charset=\"iso-8859-1\">");

        assertThat(Utf8Prescan.settlesOnUtf8(late)).isTrue();
        assertThat(jsoupCharset(late)).isEqualTo("UTF-8");
    }

    @Test
    void whenThePrescanSaysUtf8JsoupSaysSoToo() throws IOException {
        List<String> heads = List.of("<meta charset=\"utf-8\">", "<meta charset=UTF-8/>", "",
                "<meta http-equiv=\"content-type\" content=\"text/html;charset=utf-8\">",
                "<meta charset=\"iso-8859-1\">", "<meta charset=\"windows-1252\">",
                "<meta http-equiv=\"content-type\" content=\"text/html; charset=ISO-8859-15\">");
        for (String head : heads) {
            byte[] html = page(head);
            if (Utf8Prescan.settlesOnUtf8(html)) {
                assertThat(jsoupCharset(html)).as(head).isEqualTo("UTF-8");
            } else {
                assertThat(head).contains("charset");
            }
        }
        for (String name : List.of("law-2016-501-003-rdfa.html", "law-2016-501-002-jsonld.html",
                "law-2016-501-001-expression-only.html", "law-2016-501-004-no-format.html",
                "decree-2005-199-999-legacy.html", "no-metadata.html")) {
            byte[] html = Pages.bytes(name);
            if (Utf8Prescan.settlesOnUtf8(html)) {
                assertThat(jsoupCharset(html)).as(name).isEqualTo("UTF-8");
            }
        }
    }
}
