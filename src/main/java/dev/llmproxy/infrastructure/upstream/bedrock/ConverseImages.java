package dev.llmproxy.infrastructure.upstream.bedrock;

import dev.llmproxy.domain.conversation.Conversation;
import dev.llmproxy.domain.conversation.File;
import dev.llmproxy.domain.conversation.Image;
import dev.llmproxy.domain.conversation.Part;
import dev.llmproxy.domain.conversation.Turn;

/**
 * Converse takes an image's or a document's bytes, never its URL: a request with one by URL cannot be sent as it is.
 */
final class ConverseImages {

    private ConverseImages() {
    }

    /** Whether a conversation holds an image or a file whose URL is not a {@code data:} URL. */
    static boolean byUrl(Conversation conversation) {
        for (Turn turn : conversation.turns()) {
            for (Part part : turn.parts()) {
                if (part instanceof Image image && !image.url().startsWith("data:")
                        || part instanceof File file && file.data() != null && !file.data().startsWith("data:")) {
                    return true;
                }
            }
        }
        return false;
    }
}
