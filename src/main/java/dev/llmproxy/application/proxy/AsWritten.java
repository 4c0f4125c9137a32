package dev.llmproxy.application.proxy;

import dev.llmproxy.domain.log.FrontDoor;
import jakarta.json.JsonObject;

/**
 * A caller's request as its own API wrote it, kept beside chat's form for a provider that speaks that API: what
 * chat's form has no place for (a Messages caller's documents, an image in a tool's result...) reaches it as the
 * caller sent it.
 *
 * @param door the API the request was written in
 * @param body the request as the caller sent it, checked by its door
 */
public record AsWritten(FrontDoor door, JsonObject body) {

    /** The request, when it was written in {@code api}; null otherwise. */
    public static JsonObject in(AsWritten written, FrontDoor api) {
        return written != null && written.door == api ? written.body : null;
    }
}
