package dev.llmproxy.domain.config;

/**
 * A setting's value was refused. It names the setting, so that a form can put the message beside that field; the
 * message names the setting as the config document does ({@code settings.name ...}).
 */
public class SettingProblem extends IllegalArgumentException {

    private final String setting;
    private final Problem problem;

    /**
     * @param below the path below the setting (e.g. {@code .chat.perMinute}), or empty
     * @param rule  what is wrong, e.g. {@code must be at least 1}
     */
    public SettingProblem(String setting, String below, String rule) {
        super("settings." + setting + below + " " + rule);
        this.setting = setting;
        this.problem = new Problem("settings." + setting + below, rule);
    }

    /** The setting's name, as in the config document. */
    public String setting() {
        return setting;
    }

    /** The same, as a structured problem of the config document. */
    public Problem problem() {
        return problem;
    }
}
