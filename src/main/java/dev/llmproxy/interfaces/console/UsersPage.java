package dev.llmproxy.interfaces.console;

import dev.llmproxy.application.security.ConsoleUsers;
import dev.llmproxy.domain.config.ConfigValidationException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Console users: admins create admins and auditors, or set a new password. */
@ApplicationScoped
public class UsersPage {

    private final ConsoleUsers users;

    @Inject
    UsersPage(ConsoleUsers users) {
        this.users = users;
    }

    /** For the container's client proxy. */
    protected UsersPage() {
        this(null);
    }

    void list(ConsoleRequest r) throws IOException {
        render(r, List.of(), null);
    }

    void save(ConsoleRequest r) throws IOException {
        String name = r.param("username");
        try {
            users.save(name, r.req().getParameter("password"), r.param("role"), r.user());
        } catch (ConfigValidationException e) {
            r.res().setStatus(400);
            render(r, e.problems(), null);
            return;
        }
        render(r, List.of(), "Saved user " + name + ".");
    }

    private void render(ConsoleRequest r, List<String> problems, String notice) throws IOException {
        Map<String, Object> model = new HashMap<>();
        model.put("users", users.list());
        model.put("problems", problems);
        model.put("notice", notice);
        r.render("users", "users", model);
    }
}
