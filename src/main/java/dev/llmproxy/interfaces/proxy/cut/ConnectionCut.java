package dev.llmproxy.interfaces.proxy.cut;

/**
 * One server's way to close the connection under a response without ending its body: no terminating chunk, so every
 * HTTP client reads the body as cut short. Called once the last bytes the client should read have been flushed.
 */
@FunctionalInterface
interface ConnectionCut {

    /** Closes the connection that carries {@code response} (the server's own response object). */
    void cut(Object response) throws ReflectiveOperationException;
}
