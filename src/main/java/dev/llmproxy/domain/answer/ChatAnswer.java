package dev.llmproxy.domain.answer;

import java.util.List;

/**
 * A chat model's whole answer, typed: each front door writes its dialect's answer from it. The model that answered,
 * the finish reason and the usage are the completed attempt's.
 *
 * @param id       the provider's id for the answer
 * @param created  when it was made, in seconds since the epoch
 * @param choices  at least one
 * @param sent     the answer as the provider sent it, when a front door speaks its dialect too; else null
 */
public record ChatAnswer(String id, long created, List<AnswerChoice> choices, Sent sent) implements Answered {

    public ChatAnswer {
        choices = List.copyOf(choices);
        if (choices.isEmpty()) {
            throw new IllegalArgumentException("an answer has at least one choice");
        }
    }

    /** The first choice's message: the one every dialect but chat's has room for. */
    public AnswerMessage message() {
        return choices.get(0).message();
    }
}
