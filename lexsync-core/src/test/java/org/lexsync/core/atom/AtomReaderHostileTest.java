package org.lexsync.core.atom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.core.xml.XmlDocumentException.Reason;
import org.lexsync.core.xml.XmlLimits;
import org.junit.jupiter.api.Test;

/**
 * The hostile corpus under hostile/: every document is refused with a typed reason and a position (except
 * the lower-cased Atom namespace, read with an error finding).
 */
class AtomReaderHostileTest {

    private static XmlDocumentException refusal(String name, XmlLimits limits) {
        XmlDocumentException e = catchThrowableOfType(XmlDocumentException.class, () -> {
            try (AtomReader r = Fixtures.open("hostile/" + name, "hostile/" + name, limits)) {
                while (r.hasNext()) {
                    r.next();
                }
            }
        });
        assertThat(e).as("refusal of %s", name).isNotNull();
        assertThat(e.document()).isEqualTo("hostile/" + name);
        return e;
    }

    @Test
    void refusesExternalEntity() {
        XmlDocumentException e = refusal("xxe.atom", XmlLimits.DEFAULT);
        assertThat(e.reason()).isEqualTo(Reason.DOCTYPE_FORBIDDEN);
        assertThat(e.line()).isEqualTo(2);
    }

    @Test
    void refusesEntityExpansion() {
        XmlDocumentException e = refusal("entity-expansion.atom", XmlLimits.DEFAULT);
        assertThat(e.reason()).isEqualTo(Reason.DOCTYPE_FORBIDDEN);
        assertThat(e.line()).isEqualTo(2);
    }

    @Test
    void refusesUndeclaredEntity() {
        XmlDocumentException e = refusal("undeclared-entity.atom", XmlLimits.DEFAULT);
        assertThat(e.reason()).isEqualTo(Reason.ENTITY_FORBIDDEN);
        assertThat(e.line()).isEqualTo(3);
    }

    @Test
    void refusesDeepNesting() {
        XmlDocumentException e = refusal("deep.atom", XmlLimits.DEFAULT);
        assertThat(e.reason()).isEqualTo(Reason.TOO_DEEP);
        assertThat(e.line()).isEqualTo(3);
    }

    @Test
    void refusesHugeText() {
        XmlDocumentException e = refusal("huge-text.atom", XmlLimits.DEFAULT.withMaxTextLength(10_000));
        assertThat(e.reason()).isEqualTo(Reason.TEXT_TOO_LONG);
        assertThat(e.line()).isEqualTo(3);
    }

    @Test
    void refusesNonAtomRoot() {
        XmlDocumentException e = refusal("wrong-root.xml", XmlLimits.DEFAULT);
        assertThat(e.reason()).isEqualTo(Reason.UNEXPECTED_ROOT);
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.detail()).contains("rss");
    }

    /**
     * Not refused any more: the lower-cased namespace is the one of the rinfo digest's own §4.2 example,
     * which publishers copied; it is read as Atom with an error finding at the root (RFC 4287 §2).
     */
    @Test
    void readsLowerCasedAtomNamespaceAsAtomWithAnError() {
        try (AtomReader r = Fixtures.open("hostile/lowercase-namespace.atom", "hostile/lowercase-namespace.atom")) {
            assertThat(r.hasNext()).isFalse();
            assertThat(r.trailer().id()).isEqualTo("tag:riksarkivet.se,2009:rinfo:feed");
            assertThat(r.findings()).anySatisfy(f -> {
                assertThat(f.rule()).isEqualTo("atom:rfc4287-2/namespace");
                assertThat(f.line()).isEqualTo(2);
            });
        }
    }

    @Test
    void refusesTruncatedDocument() {
        XmlDocumentException e = refusal("truncated.atom", XmlLimits.DEFAULT);
        assertThat(e.reason()).isEqualTo(Reason.MALFORMED);
        assertThat(e.line()).isGreaterThanOrEqualTo(6);
    }

    @Test
    void refusesOversizedDocument() {
        XmlDocumentException e = refusal("huge-text.atom", XmlLimits.DEFAULT.withMaxDocumentBytes(4096));
        assertThat(e.reason()).isEqualTo(Reason.TOO_LARGE);
    }
}
