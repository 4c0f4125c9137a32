package dev.llmproxy.interfaces.proxy.cut;

/**
 * Payara (Grizzly under Catalina's facade): the facade keeps the connector's response in a field; Grizzly's response
 * leads to its connection, whose {@code close()} is meant to send queued writes first. It does not always: the last
 * bytes written before the cut (the error event, the tail of the text) can be lost with it. The cut itself is sure.
 */
final class GrizzlyCut implements ConnectionCut {

    @Override
    public void cut(Object response) throws ReflectiveOperationException {
        Object connector = Reflective.field(response, "response");
        Object grizzly = Reflective.call(connector, "getCoyoteResponse");
        Object request = Reflective.call(grizzly, "getRequest");
        Object connection = Reflective.call(request, "getConnection");
        Reflective.call(connection, "close");
    }
}
