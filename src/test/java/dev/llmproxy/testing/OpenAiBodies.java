package dev.llmproxy.testing;

/** OpenAI-shaped bodies the fake upstreams answer with: a completion, stream chunks, whole and partial answers. */
public final class OpenAiBodies {

    private OpenAiBodies() {
    }

    public static String completion(String model, String content, String finishReason) {
        return "{\"id\":\"chatcmpl-fake\",\"object\":\"chat.completion\",\"created\":0,\"model\":\"" + model + "\","
                + "\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"" + content + "\"},"
                + "\"finish_reason\":\"" + finishReason + "\"}],"
                + "\"usage\":{\"prompt_tokens\":11,\"completion_tokens\":7,\"total_tokens\":18}}";
    }

    /** A chat completion chunk as OpenAI streams it (content may be null for a role-only chunk). */
    public static String chunk(String model, String content, String finishReason) {
        String delta = content == null ? "{\"role\":\"assistant\",\"content\":\"\"}" : "{\"content\":\"" + content + "\"}";
        return "{\"id\":\"chatcmpl-up\",\"object\":\"chat.completion.chunk\",\"created\":0,\"model\":\"" + model
                + "\",\"choices\":[{\"index\":0,\"delta\":" + delta + ",\"finish_reason\":"
                + (finishReason == null ? "null" : "\"" + finishReason + "\"") + "}]}";
    }

    /**
     * The chunks of a streamed tool call {@code id} to {@code get_weather}: the opening delta, one per argument
     * fragment, and, when {@code finished}, the {@code tool_calls} finish.
     */
    public static String[] toolCallEvents(String model, String id, boolean finished, String... argumentFragments) {
        String head = "{\"id\":\"chatcmpl-up\",\"object\":\"chat.completion.chunk\",\"created\":0,\"model\":\"" + model
                + "\",\"choices\":[{\"index\":0,\"delta\":";
        java.util.List<String> events = new java.util.ArrayList<>();
        events.add(head + "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"index\":0,\"id\":\"" + id
                + "\",\"type\":\"function\",\"function\":{\"name\":\"get_weather\",\"arguments\":\"\"}}]},"
                + "\"finish_reason\":null}]}");
        for (String f : argumentFragments) {
            events.add(head + "{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\""
                    + f.replace("\\", "\\\\").replace("\"", "\\\"") + "\"}}]},\"finish_reason\":null}]}");
        }
        if (finished) {
            events.add(head + "{},\"finish_reason\":\"tool_calls\"}]}");
        }
        return events.toArray(String[]::new);
    }

    /** The final usage chunk of a stream asked for with include_usage. */
    public static String usageChunk(String model, int prompt, int completion) {
        return "{\"id\":\"chatcmpl-up\",\"object\":\"chat.completion.chunk\",\"created\":0,\"model\":\"" + model
                + "\",\"choices\":[],\"usage\":{\"prompt_tokens\":" + prompt + ",\"completion_tokens\":" + completion
                + ",\"total_tokens\":" + (prompt + completion) + "}}";
    }

    /** A whole streamed answer: the role chunk, one chunk per word, the finish chunk and usage. */
    public static String[] answerEvents(String model, String... words) {
        String[] events = new String[words.length + 3];
        events[0] = chunk(model, null, null);
        for (int i = 0; i < words.length; i++) {
            events[i + 1] = chunk(model, words[i], null);
        }
        events[words.length + 1] = chunk(model, "", "stop");
        events[words.length + 2] = usageChunk(model, 9, words.length);
        return events;
    }

    /** The first {@code n} content words of a streamed answer (after the role chunk), with no finish. */
    public static String[] partialEvents(String model, String... words) {
        String[] events = new String[words.length + 1];
        events[0] = chunk(model, null, null);
        for (int i = 0; i < words.length; i++) {
            events[i + 1] = chunk(model, words[i], null);
        }
        return events;
    }
}
