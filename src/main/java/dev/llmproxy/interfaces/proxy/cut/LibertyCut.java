package dev.llmproxy.interfaces.proxy.cut;

import java.io.IOException;

/**
 * Open Liberty: the web container's response leads to the request's inbound connection.
 * <ul>
 * <li>On Liberty's Netty transport it keeps the Netty channel, closed on its event loop after the writes already
 * handed to it.</li>
 * <li>On the channel framework (what Liberty runs today) an HTTP/1.1 connection's device link is closed with an
 * error, which ends the socket without the body's last chunk.</li>
 * <li>An HTTP/2 stream shares its connection with others, so only the stream is reset: a RST_STREAM frame
 * (INTERNAL_ERROR) goes through the stream's own processor, as Liberty sends its own resets.</li>
 * </ul>
 */
final class LibertyCut implements ConnectionCut {

    private static final String H2 = "com.ibm.ws.http.channel.h2internal.";
    private static final int INTERNAL_ERROR = 2;

    @Override
    public void cut(Object response) throws ReflectiveOperationException {
        Object containerResponse = Reflective.call(response, "getIResponse");
        Object request = Reflective.call(containerResponse, "getWCCRequest");
        Object connection = Reflective.call(request, "getHttpInboundConnection");
        Object netty = nettyContext(connection);
        if (netty != null) {
            Reflective.call(Reflective.call(netty, "channel"), "close");
            return;
        }
        Object httpLink = Reflective.call(connection, "getHttpInboundLink");
        if (httpLink.getClass().getName().startsWith(H2)) {
            resetStream(httpLink);
            return;
        }
        Object link = Reflective.call(connection, "getHttpInboundDeviceLink");
        Object virtualConnection = Reflective.call(connection, "getVC");
        Reflective.call(link, "close", virtualConnection, new IOException("the answer broke off"));
    }

    private static void resetStream(Object streamLink) throws ReflectiveOperationException {
        Object streamId = Reflective.call(streamLink, "getStreamId");
        Object processor = Reflective.call(Reflective.field(streamLink, "muxLink"), "getStreamProcessor", streamId);
        Object reset = Reflective.create(streamLink, H2 + "frames.FrameRstStream", streamId, INTERNAL_ERROR, false);
        Object out = Reflective.constant(streamLink, H2 + "Constants$Direction", "WRITING_OUT");
        Reflective.call(processor, "processNextFrame", reset, out);
    }

    private static Object nettyContext(Object connection) throws ReflectiveOperationException {
        try {
            return Reflective.field(connection, "nettyContext");
        } catch (NoSuchFieldException olderLiberty) {
            return null;
        }
    }
}
