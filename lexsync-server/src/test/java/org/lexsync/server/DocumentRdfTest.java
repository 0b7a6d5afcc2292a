package org.lexsync.server;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link DocumentRdf}'s query and how it sorts statements (issue 33); the graph itself is read in the console tests. */
class DocumentRdfTest {
    @Test
    void aUriThatWouldEscapeTheIriIsNotQueried() {
        assertThat(DocumentRdf.query("http://pub.example/eli/act/1")).contains("GRAPH <http://pub.example/eli/act/1>");
        assertThat(DocumentRdf.query("http://pub.example/x> } } DROP ALL #")).isNull();
        assertThat(DocumentRdf.query("http://pub.example/a b")).isNull();
    }

    @Test
    void titlesDatesAndRelationsAreToldApart() {
        String eli = DocumentRdf.ELI;
        assertThat(DocumentRdf.kind(eli + "title", false, "")).isEqualTo(DocumentRdf.Kind.TITLE);
        assertThat(DocumentRdf.kind(eli + "date_document", false, "http://www.w3.org/2001/XMLSchema#date"))
                .isEqualTo(DocumentRdf.Kind.DATE);
        assertThat(DocumentRdf.kind(eli + "first_date_entry_in_force", false, "")).isEqualTo(DocumentRdf.Kind.DATE);
        assertThat(DocumentRdf.kind(eli + "is_realized_by", true, "")).isEqualTo(DocumentRdf.Kind.RELATION);
        assertThat(DocumentRdf.kind("http://www.w3.org/1999/02/22-rdf-syntax-ns#type", true, ""))
                .isEqualTo(DocumentRdf.Kind.OTHER);
    }
}
