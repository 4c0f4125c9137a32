package dev.llmproxy.interfaces.proxy.cut;

import com.ibm.ws.http.channel.h2internal.H2HttpInboundLinkWrap;
import jakarta.servlet.ServletResponse;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Each server's walk from its response to its connection, over objects shaped like that server's own. */
class ConnectionCutTest {

    /** The connection at the end of every walk. */
    public static final class Connection {
        boolean closed;

        public void close() {
            closed = true;
        }
    }

    public static final class Exchange {
        final Connection connection = new Connection();

        public Connection getConnection() {
            return connection;
        }
    }

    public static final class UndertowResponse {
        final Exchange exchange = new Exchange();

        public Exchange getExchange() {
            return exchange;
        }
    }

    @Test
    void undertowClosesTheExchangesConnection() throws Exception {
        UndertowResponse response = new UndertowResponse();
        new UndertowCut().cut(response);
        assertThat(response.exchange.connection.closed).isTrue();
    }

    public static final class GrizzlyRequest {
        final Connection connection = new Connection();

        public Connection getConnection() {
            return connection;
        }
    }

    public static final class GrizzlyResponse {
        final GrizzlyRequest request = new GrizzlyRequest();

        public GrizzlyRequest getRequest() {
            return request;
        }
    }

    public static class CatalinaResponse {
        final GrizzlyResponse grizzly = new GrizzlyResponse();

        public GrizzlyResponse getCoyoteResponse() {
            return grizzly;
        }
    }

    public static class FacadeBase {
        protected CatalinaResponse response = new CatalinaResponse();
    }

    /** The field sits on a superclass, as it may on a subclassed facade. */
    public static final class ResponseFacade extends FacadeBase {
    }

    /** Undertow's HTTP/2 connection: one stream of a shared channel. */
    public static final class Http2Channel {
        int resetStream = -1;
        int resetCode = -1;

        public void sendRstStream(int stream, int code) {
            resetStream = stream;
            resetCode = code;
        }
    }

    public static final class StreamSink {
        public int getStreamId() {
            return 7;
        }
    }

    public static final class Http2ServerConnection {
        final Http2Channel channel = new Http2Channel();
        @SuppressWarnings("unused") // read by name, as Undertow's is
        private final StreamSink responseChannel = new StreamSink();

        public void close() {
            throw new AssertionError("closing would end every other stream on the connection");
        }
    }

    public static final class Http2Exchange {
        final Http2ServerConnection connection = new Http2ServerConnection();

        public Http2ServerConnection getConnection() {
            return connection;
        }
    }

    public record UndertowHttp2Response(Http2Exchange exchange) {
        public Http2Exchange getExchange() {
            return exchange;
        }
    }

    @Test
    void undertowOverHttp2ResetsOnlyThisRequestsStream() throws Exception {
        UndertowHttp2Response response = new UndertowHttp2Response(new Http2Exchange());
        new UndertowCut().cut(response);
        assertThat(response.exchange.connection.channel.resetStream).isEqualTo(7);
        assertThat(response.exchange.connection.channel.resetCode).isEqualTo(2);
    }

    @Test
    void grizzlyReachesTheConnectorsResponseThroughTheFacadesField() throws Exception {
        ResponseFacade facade = new ResponseFacade();
        new GrizzlyCut().cut(facade);
        assertThat(facade.response.grizzly.request.connection.closed).isTrue();
    }

    /** A Netty channel context: public interface, hidden implementation, as Netty's are. */
    public interface ChannelContext {
        Connection channel();
    }

    private static final class HiddenContext implements ChannelContext {
        final Connection channel = new Connection();

        @Override
        public Connection channel() {
            return channel;
        }
    }

    /** The channel framework's device link, closed with the error that ends it. */
    public static final class DeviceLink {
        Object closedWith;
        Exception error;

        public void close(Object virtualConnection, Exception e) {
            closedWith = virtualConnection;
            error = e;
        }
    }

    public static final class InboundConnection {
        @SuppressWarnings("unused") // read by name, as Liberty's is
        private final ChannelContext nettyContext;
        final DeviceLink link = new DeviceLink();
        final Object virtualConnection = new Object();
        final Object httpLink;

        InboundConnection(ChannelContext context, Object httpLink) {
            this.nettyContext = context;
            this.httpLink = httpLink;
        }

        public DeviceLink getHttpInboundDeviceLink() {
            return link;
        }

        /** An HTTP/1.1 link here; {@link com.ibm.ws.http.channel.h2internal.H2HttpInboundLinkWrap} for a stream. */
        public Object getHttpInboundLink() {
            return httpLink;
        }

        public Object getVC() {
            return virtualConnection;
        }
    }

    public record WccRequest(InboundConnection connection) {
        public InboundConnection getHttpInboundConnection() {
            return connection;
        }
    }

    public record IResponse(WccRequest request) {
        public WccRequest getWCCRequest() {
            return request;
        }
    }

    public record LibertyResponse(IResponse inner) {
        public IResponse getIResponse() {
            return inner;
        }
    }

    private static LibertyResponse liberty(ChannelContext context) {
        return liberty(context, new Object());
    }

    private static LibertyResponse liberty(ChannelContext context, Object httpLink) {
        return new LibertyResponse(new IResponse(new WccRequest(new InboundConnection(context, httpLink))));
    }

    @Test
    void libertyOnNettyClosesTheChannelThroughAPublicInterfaceOfAHiddenClass() throws Exception {
        HiddenContext context = new HiddenContext();
        LibertyResponse response = liberty(context);
        new LibertyCut().cut(response);
        assertThat(context.channel.closed).isTrue();
        assertThat(response.inner.request.connection.link.closedWith).isNull();
    }

    @Test
    void libertyOnTheChannelFrameworkClosesTheDeviceLinkWithAnError() throws Exception {
        LibertyResponse response = liberty(null);
        new LibertyCut().cut(response);
        InboundConnection connection = response.inner.request.connection;
        assertThat(connection.link.closedWith).isSameAs(connection.virtualConnection);
        assertThat(connection.link.error).hasMessageContaining("broke off");
    }

    @Test
    void libertyOverHttp2ResetsOnlyThisRequestsStream() throws Exception {
        H2HttpInboundLinkWrap stream = new H2HttpInboundLinkWrap(5);
        LibertyResponse response = liberty(null, stream);
        new LibertyCut().cut(response);
        assertThat(stream.muxLink.processor.frames).containsExactly("RST_STREAM 5 error 2 WRITING_OUT");
        assertThat(response.inner.request.connection.link.closedWith).as("the connection stays up").isNull();
    }

    @Test
    void aMissingStepIsAReflectiveFailureNotACrash() {
        assertThatThrownBy(() -> new UndertowCut().cut(new Exchange())).isInstanceOf(NoSuchMethodException.class);
        assertThatThrownBy(() -> new GrizzlyCut().cut(new Exchange())).isInstanceOf(NoSuchFieldException.class);
    }

    @Test
    void aServerItDoesNotKnowIsNotCut() {
        ServletResponse unknown = (ServletResponse) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ServletResponse.class}, (p, m, a) -> null);
        assertThat(ConnectionCuts.cut(unknown)).isFalse();
    }
}
