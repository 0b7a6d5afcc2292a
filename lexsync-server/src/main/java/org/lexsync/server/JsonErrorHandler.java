package org.lexsync.server;

import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;
import org.jspecify.annotations.Nullable;

/**
 * Jetty's own error answers — a malformed request line, URI or header, refused before any route sees the request —
 * in the server's JSON ({@link ErrorResponses}) instead of Jetty's HTML page, with the security headers; never a
 * stack trace.
 */
final class JsonErrorHandler extends ErrorHandler {
    @Override
    protected void generateResponse(Request request, Response response, int code, @Nullable String message,
                                    @Nullable Throwable cause, Callback callback) {
        byte[] body = ErrorResponses.json(code, text(code, message));
        HttpFields.Mutable out = response.getHeaders();
        SecurityHeaders.strict(out);
        out.put(HttpHeader.CONTENT_TYPE, "application/json");
        out.put(HttpHeader.CONTENT_LENGTH, body.length);
        response.write(true, ByteBuffer.wrap(body), callback);
    }

    @Override
    public ByteBuffer badMessageError(int status, @Nullable String reason, HttpFields.Mutable fields) {
        SecurityHeaders.strict(fields);
        fields.put(HttpHeader.CONTENT_TYPE, "application/json");
        return ByteBuffer.wrap(ErrorResponses.json(status, text(status, reason)));
    }

    private static String text(int code, @Nullable String message) {
        String reason = HttpStatus.getMessage(code);
        return message == null || message.isBlank() || message.equals(reason)
                ? "the request was refused: " + reason : "the request was refused: " + message;
    }
}
