package dev.llmproxy.domain.config;

/**
 * A setting's value was refused. It names the setting, so that a form can put the message beside that field; the
 * message reads as the config document's problems do ({@code settings.name ...}).
 */
public class SettingProblem extends IllegalArgumentException {

    private final String setting;

    public SettingProblem(String setting, String message) {
        super(message);
        this.setting = setting;
    }

    /** The setting's name, as in the config document. */
    public String setting() {
        return setting;
    }
}
