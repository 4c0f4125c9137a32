package dev.llmproxy.domain.config;

/** The groups settings are shown in, in the console's order. */
public enum SettingGroup {
    TIME_BUDGETS("Time budgets and retries"),
    STREAMING("Streaming"),
    OUTCOMES("Outcome classification"),
    COST_SAFETY("Cost safety"),
    PROVIDERS("Provider requests"),
    BREAKERS("Circuit breakers"),
    ADMISSION("Admission control"),
    CALLERS("Callers and limits"),
    SIGN_IN("Console and admin sign-in"),
    REQUEST_LOG("Request log");

    private final String title;

    SettingGroup(String title) {
        this.title = title;
    }

    public String title() {
        return title;
    }
}
