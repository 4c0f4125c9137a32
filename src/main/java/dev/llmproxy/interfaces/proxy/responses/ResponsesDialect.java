package dev.llmproxy.interfaces.proxy.responses;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.ChatExchange;
import dev.llmproxy.application.proxy.CallerBody;
import dev.llmproxy.application.proxy.ChatRequest;
import dev.llmproxy.application.responses.StoredResponses;
import dev.llmproxy.application.security.RandomTokens;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.log.CallerRecord;
import dev.llmproxy.domain.log.FrontDoor;
import dev.llmproxy.domain.routing.ChainResult;
import dev.llmproxy.interfaces.json.JsonResponses;
import dev.llmproxy.interfaces.proxy.door.Dialect;
import dev.llmproxy.interfaces.proxy.door.StreamDialect;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.servlet.http.HttpServletResponse;

import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * OpenAI's Responses API ({@code POST /v1/responses}) as a front door, for one request: it reads the conversation a
 * {@code previous_response_id} continues (the caller's own only), and stores the answer when asked to, once complete.
 * Errors are OpenAI-shaped, as on chat completions.
 */
public final class ResponsesDialect implements Dialect {

    private static final Logger LOG = Logger.getLogger(ResponsesDialect.class.getName());

    /**
     * The door and its error shapes, for what is answered before a request has its own dialect (the origin gate, a
     * 405): it reads no stored state and stores nothing.
     */
    public static final ResponsesDialect STATELESS = new ResponsesDialect(null, null);

    /** The most a stored conversation may hold, in characters of its JSON: storing is bounded like any other use. */
    public static final int MAX_STORED_CHARS = 512 * 1024;

    private final ChatExchange exchange;
    private final StoredResponses store;
    private ResponsesRequests.Read read;
    /** What this response's ids are made of: the request's id and a secret part, so no one can guess them. */
    private String ids;

    /** @param exchange the request this dialect speaks for (null: see {@link #STATELESS}) */
    public ResponsesDialect(ChatExchange exchange, StoredResponses store) {
        this.exchange = exchange;
        this.store = store;
    }

    @Override
    public FrontDoor door() {
        return FrontDoor.RESPONSES;
    }

    @Override
    public ChatRequest read(byte[] body) {
        JsonObject in = CallerBody.object(body);
        JsonValue previous = in.get("previous_response_id");
        List<JsonValue> earlier = previous == null || previous.getValueType() == JsonValue.ValueType.NULL ? List.of()
                : earlier(previous);
        read = ResponsesRequests.read(in, earlier);
        if (stored() && read.chat().body().getJsonArray("messages").toString().length() > MAX_STORED_CHARS) {
            throw new ProxyException(new ProxyError(ErrorKind.PROMPT_TOO_LONG, "A stored conversation may hold at most "
                    + MAX_STORED_CHARS + " characters; send store: false to have this one answered without keeping it.",
                    "store", null));
        }
        return read.chat();
    }

    /** Whether this request's answer is to be kept: the caller asked, the deployment allows it for this caller. */
    private boolean stored() {
        if (exchange == null) {
            return false; // STATELESS: it stores nothing
        }
        CallerRecord caller = exchange.caller();
        return read.store() && StoredResponses.ownerOf(caller) != null && exchange.settings().log().storeResponses()
                && (caller.keyId() != null || exchange.settings().log().storeAnonymous());
    }

    /** The ids of this response and its items: the request's id, then a random part (see {@link #ids}). */
    private String ids(String requestId) {
        if (ids == null) {
            ids = requestId + "_" + RandomTokens.hex(12);
        }
        return ids;
    }

    /** The conversation the caller's stored response holds; a 404 when the caller has none of that id. */
    private List<JsonValue> earlier(JsonValue id) {
        String owner = StoredResponses.ownerOf(exchange.caller());
        if (!(id instanceof JsonString s) || owner == null) {
            throw new ProxyException(new ProxyError(ErrorKind.BAD_REQUEST, "'previous_response_id' must name a "
                    + "stored response of yours.", "previous_response_id", null));
        }
        return store.find(s.getString(), owner).map(stored -> (List<JsonValue>) (JsonArray) JsonCodec.read(
                stored.conversation())).orElseThrow(() -> new ProxyException(new ProxyError(ErrorKind.NOT_FOUND,
                "No stored response '" + clip(s.getString()) + "' of yours.", "previous_response_id", null)));
    }

    @Override
    public byte[] answer(ChainResult.Success success, String requestId) {
        ResponsesAnswers.Answer answer = ResponsesAnswers.of(success.reply(), ids(requestId), createdAt(),
                read.request());
        keep(requestId, answer.response(), answer.assistant());
        return JsonCodec.write(answer.response());
    }

    @Override
    public byte[] prepareError(HttpServletResponse res, ProxyError error) {
        return JsonResponses.prepareError(res, error);
    }

    @Override
    public StreamDialect stream(String requestId, long created, ChatRequest chat) {
        return new ResponsesStream(ids(requestId), created, read.request(),
                (response, assistant) -> keep(requestId, response, assistant));
    }

    /**
     * Stores the answer when the caller asked and the deployment allows it. A store that fails is logged and never
     * withholds the answer: only a later continuation of it would miss it.
     */
    private void keep(String requestId, JsonObject response, JsonObject assistant) {
        if (!stored()) {
            return;
        }
        String owner = StoredResponses.ownerOf(exchange.caller());
        try {
            JsonArrayBuilder conversation = JsonCodec.array();
            read.chat().body().getJsonArray("messages").stream()
                    .filter(m -> !(m instanceof JsonObject o && "system".equals(o.getString("role", null))))
                    .forEach(conversation::add);
            conversation.add(assistant);
            store.save(new StoredResponses.Stored(response.getString("id"), requestId, owner,
                    conversation.build().toString(), response.toString()));
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not store the response of request " + requestId, e);
        }
    }

    private long createdAt() {
        return exchange.receivedAt().getEpochSecond();
    }

    private static String clip(String s) {
        return s.length() > 100 ? s.substring(0, 100) + "..." : s;
    }
}
