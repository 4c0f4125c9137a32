package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.interfaces.proxy.door.Dialect;
import jakarta.servlet.annotation.WebServlet;

/**
 * {@code POST /v1/embeddings}: OpenAI's embeddings, through embedding tiers and models, whose chains never leave one
 * vector space.
 */
@WebServlet(urlPatterns = "/v1/embeddings", asyncSupported = true)
public class EmbeddingsServlet extends FrontDoorServlet {

    @Override
    protected Dialect dialect() {
        return ChatDialect.EMBEDDINGS;
    }
}
