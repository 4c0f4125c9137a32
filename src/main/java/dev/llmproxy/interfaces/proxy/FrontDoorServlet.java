package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.application.access.AccessRequest;
import dev.llmproxy.application.proxy.ChatCompletionService;
import dev.llmproxy.application.proxy.ChatExchange;
import dev.llmproxy.application.replay.AnswerKeeping;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.routing.OwnTime;
import dev.llmproxy.domain.routing.Sleeper;
import dev.llmproxy.application.telemetry.RequestTracing;
import dev.llmproxy.interfaces.proxy.door.Dialect;
import dev.llmproxy.interfaces.proxy.door.RequestIds;
import jakarta.inject.Inject;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.time.Clock;
import java.util.logging.Logger;

/**
 * A front door: the HTTP side of {@link ChatExchange} for one {@link Dialect}. The request thread checks the caller
 * and hands over: the body is read, and the answer written, with the servlet's non-blocking I/O, and the chain runs
 * asynchronously, so no thread waits on a slow client or an upstream ({@link Arrival} takes the body from there).
 * Every refusal is the exchange's to record; this class reads, writes and says what arrived.
 */
public abstract class FrontDoorServlet extends ApiServlet {

    private static final Logger LOG = Logger.getLogger(FrontDoorServlet.class.getName());

    @Inject
    ChatCompletionService service;
    @Inject
    Clock clock;
    @Inject
    RequestTracing tracing;
    @Inject
    Sleeper sleeper;
    @Inject
    AnswerKeeping answers;

    protected FrontDoorServlet() {
        super("POST");
    }

    /** How this door's requests, answers and errors are said. */
    protected abstract Dialect dialect();

    /** The dialect of one request: {@link #dialect()}, unless the door keeps state per request. */
    protected Dialect dialectFor(ChatExchange exchange) {
        return dialect();
    }

    /**
     * The scope the request's path names, or null when it names none.
     *
     * @throws ProxyException a 404 when the path is not one this door serves
     */
    protected String routeScope(HttpServletRequest req) {
        return null;
    }

    /** The caller's credentials, as an {@code Authorization} header value (or null when it sent none). */
    protected String authorization(HttpServletRequest req) {
        return req.getHeader("Authorization");
    }

    @Override
    protected final byte[] prepareError(HttpServletResponse res, ProxyError error) {
        return dialect().prepareError(res, error);
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse res) throws IOException {
        ChatExchange exchange = service.begin(RequestIds.of(req), clock.instant(), dialect().door());
        tracing.started(exchange.requestId(), dialect().door(), req.getHeader("traceparent"),
                req.getHeader("tracestate"), exchange.receivedAt());
        Dialect dialect = dialectFor(exchange);
        try {
            start(req, res, exchange, dialect);
        } catch (RuntimeException e) {
            ProxyError error = exchange.failed(e);
            OverheadHeader.set(res, exchange);
            if (req.isAsyncStarted()) {
                AsyncAnswer.endWithError(req.getAsyncContext(), exchange.requestId(), error, dialect);
            } else {
                res.getOutputStream().write(dialect.prepareError(res, error));
            }
        }
    }

    private void start(HttpServletRequest req, HttpServletResponse res, ChatExchange exchange, Dialect dialect)
            throws IOException {
        try {
            exchange.admit(new AccessRequest(req.getRemoteAddr(), req.getHeader("Forwarded"),
                    req.getHeader("X-Forwarded-For"), authorization(req), routeScope(req),
                    req.getHeader("X-Proxy-Priority")), req.getContentType());
        } catch (ProxyException e) {
            OverheadHeader.set(res, exchange);
            res.getOutputStream().write(dialect.prepareError(res, e.error()));
            return;
        }
        AsyncContext async = req.startAsync();
        // No container timeout (it cost a timer wake-up per request): the service bounds the request itself, and a
        // stream's first-token and idle limits bound a stream that may rightly take minutes.
        async.setTimeout(0);
        CancelOnAbandon abandon = new CancelOnAbandon();
        async.addListener(abandon);
        Arrival arrival = new Arrival(async, abandon, exchange, dialect, sleeper, answers,
                req.getHeader("Idempotency-Key"), req.getServletPath() + (req.getPathInfo() == null ? ""
                        : req.getPathInfo()));
        BodyReader reader;
        OwnTime.Away bodyOnItsWay = exchange.awaitingBody();
        try {
            reader = BodyReader.read(req, exchange.settings().callers().maxBodyBytes(), new BodyReader.Handler() {
                @Override
                public void body(byte[] body) {
                    bodyOnItsWay.end();
                    arrival.body(body);
                }

                @Override
                public void failed(ProxyError error) {
                    bodyOnItsWay.end();
                    Arrival.answerError(async, exchange, exchange.refused(error), dialect);
                }
            });
        } catch (ProxyException e) {
            bodyOnItsWay.end();
            Arrival.answerError(async, exchange, exchange.refused(e.error()), dialect);
            return;
        } catch (IOException | IllegalStateException e) {
            bodyOnItsWay.end();
            LOG.fine(() -> "Could not read the body of " + exchange.requestId() + ": " + e);
            AsyncAnswer.end(async);
            return;
        }
        if (!reader.isDone()) {
            // A body still on its way holds no thread, but it may not hold the request open for ever either.
            reader.expireAfter(exchange.settings().callers().bodyTimeout(), sleeper);
        }
    }
}
