package dev.llmproxy.it;

import com.openai.client.OpenAIClient;
import com.openai.core.http.StreamResponse;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionCreateParams;

import java.util.HashSet;
import java.util.Set;

/** What an OpenAI SDK caller gathers from a streamed tool call: the thinking shown, the call ids and the arguments. */
record StreamedToolCall(String reasoning, Set<String> ids, String arguments) {

    static StreamedToolCall of(OpenAIClient client, ChatCompletionCreateParams params) {
        StringBuilder reasoning = new StringBuilder();
        StringBuilder arguments = new StringBuilder();
        Set<String> ids = new HashSet<>();
        try (StreamResponse<ChatCompletionChunk> s = client.chat().completions().createStreaming(params)) {
            s.stream().forEach(chunk -> chunk.choices().forEach(ch -> {
                var thought = ch.delta()._additionalProperties().get("reasoning_content");
                if (thought != null) {
                    reasoning.append(thought.asString().orElse(""));
                }
                ch.delta().toolCalls().ifPresent(calls -> calls.forEach(c -> {
                    c.id().ifPresent(ids::add);
                    c.function().flatMap(f -> f.arguments()).ifPresent(arguments::append);
                }));
            }));
        }
        return new StreamedToolCall(reasoning.toString(), ids, arguments.toString());
    }
}
