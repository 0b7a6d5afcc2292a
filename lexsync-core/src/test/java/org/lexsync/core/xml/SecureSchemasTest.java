package org.lexsync.core.xml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.validation.Schema;
import org.junit.jupiter.api.Test;
import org.lexsync.core.findings.Finding;
import org.lexsync.core.findings.Findings;

/**
 * One thread validates document after document with the validator it keeps per schema: each document's findings
 * are its own, whatever the one before left (violations, a fatal error), and the security settings stay.
 */
class SecureSchemasTest {
    private static final Schema COUNTS = SecureSchemas.load(SecureSchemasTest.class, "counts.xsd");

    private static Findings validate(String xml) {
        Findings findings = new Findings();
        SecureSchemas.validate(COUNTS, new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), "doc.xml",
                XmlLimits.DEFAULT, findings, "test:xsd", reader -> reader);
        return findings;
    }

    @Test
    void aValidDocumentAfterAnInvalidOneHasNoFindings() {
        assertThat(validate("<counts><count>x</count></counts>").hasErrors()).isTrue();

        assertThat(validate("<counts><count>1</count></counts>").isEmpty()).isTrue();
    }

    @Test
    void aDocumentAfterAMalformedOneIsReportedOnItsOwnLines() {
        assertThatThrownBy(() -> validate("<counts><count>1</count>")).isInstanceOf(XmlDocumentException.class);

        Findings findings = validate("<counts>\n<count>1</count>\n<count>two</count>\n</counts>");
        assertThat(findings.list()).isNotEmpty().allSatisfy(f -> assertThat(f.line()).isEqualTo(3));
        assertThat(validate("<counts><count>1</count></counts>").isEmpty()).isTrue();
    }

    @Test
    void aDoctypeIsRefusedInEveryDocument() {
        String withDoctype = "<!DOCTYPE counts [<!ENTITY e \"1\">]><counts><count>&e;</count></counts>";
        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(() -> validate(withDoctype)).isInstanceOfSatisfying(XmlDocumentException.class,
                    e -> assertThat(e.reason()).isEqualTo(XmlDocumentException.Reason.DOCTYPE_FORBIDDEN));
            assertThat(validate("<counts><count>1</count></counts>").list()).extracting(Finding::rule).isEmpty();
        }
    }
}
