package dev.llmproxy.interfaces.proxy.cut;

/**
 * WildFly (Undertow): the servlet response hands out its exchange, and the exchange its connection. An HTTP/1.1
 * connection is closed at once (bytes already flushed have reached the socket); an HTTP/2 one carries other
 * requests too, so only this request's stream is reset (RST_STREAM, INTERNAL_ERROR).
 */
final class UndertowCut implements ConnectionCut {

    private static final int INTERNAL_ERROR = 2;

    @Override
    public void cut(Object response) throws ReflectiveOperationException {
        Object exchange = Reflective.call(response, "getExchange");
        Object connection = Reflective.call(exchange, "getConnection");
        if (connection.getClass().getSimpleName().startsWith("Http2")) {
            Object stream = Reflective.field(connection, "responseChannel");
            Object streamId = Reflective.call(stream, "getStreamId");
            Reflective.call(Reflective.field(connection, "channel"), "sendRstStream", streamId, INTERNAL_ERROR);
        } else {
            Reflective.call(connection, "close");
        }
    }
}
