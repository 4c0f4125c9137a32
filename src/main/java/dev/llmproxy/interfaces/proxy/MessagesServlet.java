package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.interfaces.proxy.door.Dialect;
import dev.llmproxy.interfaces.proxy.door.RequestIds;
import dev.llmproxy.interfaces.proxy.messages.MessagesDialect;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/**
 * {@code POST /v1/messages}: Anthropic's Messages API, so that Anthropic's SDKs and the tools built on them use the
 * proxy's chains. Callers present their key as Anthropic's clients do ({@code x-api-key}) or as a bearer token;
 * {@code anthropic-version} is accepted and not needed.
 */
@WebServlet(urlPatterns = "/v1/messages", asyncSupported = true)
public class MessagesServlet extends FrontDoorServlet {

    @Override
    protected Dialect dialect() {
        return MessagesDialect.INSTANCE;
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse res) throws ServletException, IOException {
        res.setHeader("request-id", RequestIds.of(req)); // where Anthropic's clients look for it
        super.service(req, res);
    }

    @Override
    protected String authorization(HttpServletRequest req) {
        return MessagesServlet.credentials(req);
    }

    /** The bearer token, else the {@code x-api-key}, as an {@code Authorization} value; null when neither came. */
    static String credentials(HttpServletRequest req) {
        String bearer = req.getHeader("Authorization");
        if (bearer != null) {
            return bearer;
        }
        String key = req.getHeader("x-api-key");
        return key == null ? null : "Bearer " + key;
    }
}
