package org.lexsync.bench.rdf;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Generates realistic ELI Pillar III pages for the RDF benchmark: about 30 KB of HTML each, with the legal
 * resource, two expressions (French, English) and four formats described in RDFa in {@code <head>}
 * (about 45 triples) and a schema.org Legislation + ELI JSON-LD block (about 15 more), followed by the
 * text of the act. Written independently of the fixtures of the engine's tests.
 */
public final class SamplePages {
    private static final String ELI = "http://data.europa.eu/eli/ontology#";
    private static final String IANA = "http://www.iana.org/assignments/media-types/";
    private static final String LANG = "http://publications.europa.eu/resource/authority/language/";

    private SamplePages() {
    }

    /** The ELI of page {@code n}. */
    public static String eli(int n) {
        return String.format(Locale.ROOT, "http://country.xy/eli/law/2024/%d/jo", n);
    }

    /** The final URL page {@code n} is served from (the French HTML expression, after a redirect). */
    public static String pageUrl(int n) {
        return eli(n) + "/fra/html";
    }

    public static byte[] page(int n) {
        String r = eli(n);
        StringBuilder b = new StringBuilder(32 * 1024);
        b.append("<!DOCTYPE html>\n<html lang=\"fr\" prefix=\"eli: ").append(ELI).append("\">\n<head>\n")
                .append("<meta charset=\"utf-8\">\n<title>Loi n° 2024-").append(n).append(" du 12 mars 2024</title>\n")
                .append("<link rel=\"stylesheet\" href=\"/static/jo.css\">\n<script src=\"/static/jo.js\"></script>\n");
        meta(b, r, "typeof", "eli:LegalResource");
        metaContent(b, r, "eli:date_document", "2024-03-12", "xsd:date");
        metaContent(b, r, "eli:date_publication", "2024-03-13", "xsd:date");
        metaContent(b, r, "eli:number", "2024-" + n, null);
        metaResource(b, r, "eli:type_document", "http://country.xy/eli/vocabularies/resource-type/LOI");
        metaResource(b, r, "eli:jurisdiction", "http://publications.europa.eu/resource/authority/country/XYZ");
        metaResource(b, r, "eli:passed_by", "http://country.xy/eli/vocabularies/authority/PARLEMENT");
        metaResource(b, r, "eli:responsibility_of", "http://country.xy/eli/vocabularies/authority/JUSTICE");
        metaResource(b, r, "eli:in_force", "http://data.europa.eu/eli/ontology#InForce-inForce");
        metaResource(b, r, "eli:is_about", "http://eurovoc.europa.eu/1234");
        metaResource(b, r, "eli:is_about", "http://eurovoc.europa.eu/5678");
        metaResource(b, r, "eli:cites", "http://country.xy/eli/law/2016/501/003/jo");
        metaResource(b, r, "eli:changes", "http://country.xy/eli/law/2019/12/jo");
        for (String[] lang : new String[][] {{"fra", "FRA", "fr", "Loi n° 2024-" + n + " du 12 mars 2024 relative à la procédure civile"},
                {"eng", "ENG", "en", "Law No. 2024-" + n + " of 12 March 2024 on civil procedure"}}) {
            String e = r + "/" + lang[0];
            b.append("<link about=\"").append(r).append("\" rel=\"eli:is_realized_by\" href=\"").append(e).append("\">\n");
            meta(b, e, "typeof", "eli:LegalExpression");
            b.append("<meta about=\"").append(e).append("\" property=\"eli:title\" xml:lang=\"").append(lang[2])
                    .append("\" content=\"").append(lang[3]).append("\">\n");
            b.append("<meta about=\"").append(e).append("\" property=\"eli:title_short\" xml:lang=\"").append(lang[2])
                    .append("\" content=\"").append(lang[3], 0, Math.min(24, lang[3].length())).append("\">\n");
            metaResource(b, e, "eli:language", LANG + lang[1]);
            b.append("<link about=\"").append(e).append("\" rel=\"eli:realizes\" href=\"").append(r).append("\">\n");
            for (String[] f : new String[][] {{"html", "text/html"}, {"pdf", "application/pdf"}}) {
                String fmt = e + "/" + f[0];
                b.append("<link about=\"").append(e).append("\" rel=\"eli:is_embodied_by\" href=\"").append(fmt).append("\">\n");
                meta(b, fmt, "typeof", "eli:Format");
                metaResource(b, fmt, "eli:media_type", IANA + f[1]);
                b.append("<link about=\"").append(fmt).append("\" rel=\"eli:embodies\" href=\"").append(e).append("\">\n");
                if (f[0].equals("pdf")) {
                    b.append("<link about=\"").append(fmt).append("\" rel=\"eli:is_exemplified_by\" href=\"/files/2024/")
                            .append(n).append('/').append(lang[0]).append(".pdf\">\n");
                }
            }
        }
        b.append("<script type=\"application/ld+json\">\n{\n  \"@context\": [\"https://schema.org\", {\"eli\": \"")
                .append(ELI).append("\"}],\n  \"@graph\": [\n    {\"@id\": \"").append(r)
                .append("\", \"@type\": [\"Legislation\", \"eli:LegalResource\"], \"name\": \"Loi n° 2024-").append(n)
                .append("\", \"legislationIdentifier\": \"2024-").append(n)
                .append("\", \"legislationDate\": \"2024-03-12\", \"datePublished\": \"2024-03-13\",")
                .append(" \"legislationType\": \"Loi\", \"inLanguage\": [\"fr\", \"en\"],")
                .append(" \"legislationJurisdiction\": \"XY\", \"url\": \"").append(r).append("\",")
                .append(" \"workExample\": [{\"@id\": \"").append(r).append("/fra\"}, {\"@id\": \"").append(r).append("/eng\"}]},\n")
                .append("    {\"@id\": \"").append(r).append("/fra\", \"@type\": \"Legislation\", \"inLanguage\": \"fr\",")
                .append(" \"encoding\": {\"@type\": \"LegislationObject\", \"contentUrl\": \"").append(r)
                .append("/fra/html\", \"encodingFormat\": \"text/html\"}},\n")
                .append("    {\"@id\": \"").append(r).append("/eng\", \"@type\": \"Legislation\", \"inLanguage\": \"en\"}\n  ]\n}\n</script>\n");
        b.append("</head>\n<body>\n<header class=\"banner\"><nav><a href=\"/\">Journal officiel</a> | <a href=\"/eli/sitemap.xml\">ELI</a></nav></header>\n<main><article>\n")
                .append("<h1>Loi n° 2024-").append(n).append(" du 12 mars 2024 relative à la procédure civile</h1>\n");
        for (int a = 1; b.length() < 29 * 1024; a++) {
            b.append("<section class=\"article\" id=\"art").append(a).append("\"><h2>Article ").append(a).append("</h2>\n")
                    .append("<p>Le code de procédure civile est ainsi modifié : à l'article ").append(100 + a)
                    .append(", les mots « tribunal de grande instance » sont remplacés par les mots « tribunal judiciaire ».</p>\n")
                    .append("<p>Les dispositions du présent article entrent en vigueur le premier jour du sixième mois suivant")
                    .append(" la publication de la présente loi au <em>Journal officiel</em>.</p></section>\n");
        }
        b.append("</article></main>\n<footer>© Country.xy</footer>\n</body>\n</html>\n");
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void meta(StringBuilder b, String about, String attribute, String value) {
        b.append("<meta about=\"").append(about).append("\" ").append(attribute).append("=\"").append(value).append("\">\n");
    }

    private static void metaContent(StringBuilder b, String about, String property, String content, String datatype) {
        b.append("<meta about=\"").append(about).append("\" property=\"").append(property).append("\" content=\"")
                .append(content).append('"');
        if (datatype != null) {
            b.append(" datatype=\"").append(datatype).append('"');
        }
        b.append(">\n");
    }

    private static void metaResource(StringBuilder b, String about, String property, String resource) {
        b.append("<meta about=\"").append(about).append("\" property=\"").append(property).append("\" resource=\"")
                .append(resource).append("\">\n");
    }
}
