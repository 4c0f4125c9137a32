package dev.llmproxy.domain.answer;

import java.util.List;

/** Whole answers for tests that only need one to exist. */
public final class Answers {

    private Answers() {
    }

    public static ChatAnswer text(String text) {
        return new ChatAnswer("test", 0, List.of(new AnswerChoice(AnswerMessage.text(text), Finish.STOP)), null);
    }
}
