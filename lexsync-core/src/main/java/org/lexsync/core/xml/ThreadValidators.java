package org.lexsync.core.xml;

import java.util.Map;
import java.util.WeakHashMap;
import javax.xml.XMLConstants;
import javax.xml.validation.Schema;
import javax.xml.validation.Validator;
import javax.xml.validation.ValidatorHandler;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.XMLReader;

/**
 * The secure {@link Validator} of each schema and the secure SAX reader feeding it, kept per thread between documents:
 * building them costs about as much as validating a small document (an uploaded group's MetaInfo), and each serves
 * one document at a time. They are given back only after a document they finished; a pair that stopped on an
 * exception is dropped. The same holds for the {@link ValidatorHandler}s that {@link SchemaTee} feeds.
 */
final class ThreadValidators {
    private static final ThreadLocal<Map<Schema, Pair>> IDLE = ThreadLocal.withInitial(WeakHashMap::new);
    private static final ThreadLocal<Map<Schema, Handler>> IDLE_HANDLERS =
            ThreadLocal.withInitial(WeakHashMap::new);

    /**
     * A validator, the reader that parses for it and the one error handler it ever gets (as for {@link Handler}:
     * setting an error handler per document would make each document reset the validator's components in full).
     */
    record Pair(Validator validator, XMLReader reader, Relay errors) {
    }

    private ThreadValidators() {
    }

    /** This thread's idle pair for {@code schema} (taken out until {@link #giveBack}), or a new one. */
    static Pair take(Schema schema) throws SAXException {
        Pair idle = IDLE.get().remove(schema);
        if (idle != null) {
            return idle;
        }
        Validator v = schema.newValidator();
        v.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        v.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        v.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        Relay relay = new Relay();
        v.setErrorHandler(relay);
        return new Pair(v, SchemaErrors.secureReader(), relay);
    }

    /** Keeps {@code pair}, which finished a document, for this thread's next document of {@code schema}. */
    static void giveBack(Schema schema, Pair pair) {
        pair.errors().to(null);
        IDLE.get().put(schema, pair);
    }

    /**
     * A validator handler and the one error handler it ever gets: setting an error handler marks the validator's
     * configuration changed, which makes its next document reset every component in full (a third of a small
     * document's validation); the relay sends each document's errors where {@link Relay#to} says.
     */
    record Handler(ValidatorHandler handler, Relay errors) {
    }

    /** This thread's idle handler for {@code schema} (taken out until {@link #giveBack(Schema, Handler)}). */
    static Handler takeHandler(Schema schema) throws SAXException {
        Handler idle = IDLE_HANDLERS.get().remove(schema);
        if (idle != null) {
            return idle;
        }
        ValidatorHandler h = schema.newValidatorHandler();
        h.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        h.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        h.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        Relay relay = new Relay();
        h.setErrorHandler(relay);
        return new Handler(h, relay);
    }

    /** Keeps {@code handler}, which finished a document, for this thread's next document of {@code schema}. */
    static void giveBack(Schema schema, Handler handler) {
        handler.errors().to(null);
        IDLE_HANDLERS.get().put(schema, handler);
    }

    /** An error handler that passes each report to the current document's, and drops those of none. */
    static final class Relay implements ErrorHandler {
        private ErrorHandler target;

        void to(ErrorHandler t) {
            this.target = t;
        }

        @Override
        public void warning(SAXParseException e) throws SAXException {
            if (target != null) {
                target.warning(e);
            }
        }

        @Override
        public void error(SAXParseException e) throws SAXException {
            if (target != null) {
                target.error(e);
            }
        }

        @Override
        public void fatalError(SAXParseException e) throws SAXException {
            if (target != null) {
                target.fatalError(e);
            } else {
                throw e;
            }
        }
    }
}
