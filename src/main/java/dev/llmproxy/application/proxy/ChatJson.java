package dev.llmproxy.application.proxy;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.answer.Sent;
import dev.llmproxy.domain.conversation.Conversation;
import dev.llmproxy.domain.conversation.Role;
import dev.llmproxy.domain.conversation.Text;
import dev.llmproxy.domain.conversation.Turn;
import dev.llmproxy.domain.log.FrontDoor;
import dev.llmproxy.domain.upstream.RequestBody;
import dev.llmproxy.domain.upstream.Sampling;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.List;

/**
 * A chat request held as the object the proxy parsed and built, written to bytes once, when a wire sends it as is;
 * with what the door read of it typed (its sampling, with what the caller's API asked that chat's form has no place
 * for, such as the Messages API's {@code top_k}; its tools; the answer's form), for the wires that write their
 * provider's own request; and, for a wire that speaks the caller's own API, the request as the caller wrote it.
 */
public final class ChatJson implements RequestBody {

    private final JsonObject object;
    private final Sampling sampling;
    private final Tools tools;
    private final ResponseFormat format;
    private final AsWritten asWritten;
    private final Sent.Dialect answeredIn;
    /** The messages read as a conversation, shared by the bodies that hold the same messages. */
    private final Read read;
    private volatile byte[] bytes;

    /** A conversation read at most once per list of messages. */
    private static final class Read {
        private volatile Conversation conversation;

        Read(Conversation read) {
            conversation = read;
        }
    }

    /**
     * @param sampling  as the door read it
     * @param tools     as the door read them
     * @param format    as the door read it
     * @param asWritten the request as another API wrote it; null when chat's is the caller's own
     */
    public ChatJson(JsonObject object, Sampling sampling, Tools tools, ResponseFormat format, AsWritten asWritten) {
        this(object, sampling, tools, format, asWritten, Sent.Dialect.CHAT, new Read(null));
    }

    private ChatJson(JsonObject object, Sampling sampling, Tools tools, ResponseFormat format, AsWritten asWritten,
                     Sent.Dialect answeredIn, Read read) {
        this.read = read;
        this.answeredIn = answeredIn;
        this.object = object;
        this.sampling = sampling;
        this.tools = tools;
        this.format = format;
        this.asWritten = asWritten;
    }

    /** A caller's request as the door read it, for a wire's tests and the proxy's own calls. */
    public static ChatJson from(ChatRequest request) {
        Sent.Dialect answeredIn = switch (request.door()) {
            case CHAT -> Sent.Dialect.CHAT;
            case MESSAGES -> Sent.Dialect.MESSAGES;
            default -> null;
        };
        return new ChatJson(request.body(), request.sampling(), request.tools(), request.format(), request.asWritten(),
                answeredIn, new Read(request.conversation()));
    }

    /** The same request in another chat body (for one model), still with the caller's own form. */
    public ChatJson withBody(JsonObject chat) {
        return new ChatJson(chat, sampling, tools, format, asWritten, answeredIn, readFor(chat));
    }

    /** The same request in another chat body (for one model, in chat's form alone: Converse has words of its own). */
    public ChatJson asChat(JsonObject chat) {
        return new ChatJson(chat, sampling, tools, format, null, answeredIn, readFor(chat));
    }

    /**
     * The request continuing {@code partialAnswer}: {@code chat} ends with it as an assistant message, and the
     * conversation with it as an assistant turn (what the door read stays as it read it).
     */
    public ChatJson continuing(JsonObject chat, String partialAnswer) {
        return new ChatJson(chat, sampling, tools, format, null, answeredIn, new Read(conversation()
                .then(new Turn(Role.ASSISTANT, List.of(new Text(partialAnswer))))));
    }

    /** This body's conversation when {@code chat} holds the same messages (only its other fields differ). */
    private Read readFor(JsonObject chat) {
        return chat.get("messages") == object.get("messages") ? read : new Read(null);
    }

    /**
     * The request the proxy holds: the one it built, or one read from the bytes a body came as, as the chat door
     * reads a request.
     */
    public static ChatJson held(RequestBody body) {
        return body instanceof ChatJson json ? json
                : from(new ChatRequest((JsonObject) JsonCodec.read(body.bytes()), null, false));
    }

    /** The request as an object. */
    public JsonObject object() {
        return object;
    }

    /** The messages as the typed conversation, read once (two hedged attempts may both read it: the same turns). */
    public Conversation conversation() {
        Conversation conversation = read.conversation;
        if (conversation == null) {
            conversation = ChatConversation.read(object.getJsonArray("messages"));
            read.conversation = conversation;
        }
        return conversation;
    }

    public Sampling sampling() {
        return sampling;
    }

    public Tools tools() {
        return tools;
    }

    public ResponseFormat format() {
        return format;
    }

    /** The request as the caller wrote it in {@code api}, when it was; null otherwise. */
    public JsonObject writtenIn(FrontDoor api) {
        return AsWritten.in(asWritten, api);
    }

    @Override
    public Sent.Dialect answeredIn() {
        return answeredIn;
    }

    @Override
    public byte[] bytes() {
        byte[] written = bytes;
        if (written == null) {
            written = JsonCodec.write(object); // two hedged attempts may both write it: the same bytes
            bytes = written;
        }
        return written;
    }

    /** The request as an object: the one the proxy holds, or read from the bytes a body came as. */
    public static JsonObject of(RequestBody body) {
        return body instanceof ChatJson json ? json.object : (JsonObject) JsonCodec.read(body.bytes());
    }

    /** Content's text: the string, or the text parts joined (other parts have none). */
    public static String textOf(JsonValue content) {
        if (content instanceof JsonString text) {
            return text.getString();
        }
        StringBuilder sb = new StringBuilder();
        if (content instanceof JsonArray parts) {
            for (JsonValue part : parts) {
                if (part instanceof JsonObject p && p.get("text") instanceof JsonString text) {
                    sb.append(text.getString());
                }
            }
        }
        return sb.toString();
    }
}
