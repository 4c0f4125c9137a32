package dev.llmproxy.interfaces.console;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.security.enterprise.identitystore.CredentialValidationResult;
import jakarta.security.enterprise.identitystore.IdentityStoreHandler;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.logging.Logger;

/** Form login against the console users in the database; the password is never logged. */
@ApplicationScoped
public class LoginPage {

    private static final Logger LOG = Logger.getLogger(LoginPage.class.getName());

    @Inject
    IdentityStoreHandler identityStores;

    void show(ConsoleRequest r, String error) throws IOException {
        Map<String, Object> model = new HashMap<>();
        model.put("error", error);
        model.put("csrf", ConsoleSession.csrfToken(r.req()));
        r.render("login", "", model);
    }

    void signIn(ConsoleRequest r) throws IOException {
        String user = r.param("username");
        String password = r.req().getParameter("password");
        if (user != null && password != null) {
            CredentialValidationResult result = identityStores.validate(new UsernamePasswordCredential(user, password));
            if (result.getStatus() == CredentialValidationResult.Status.VALID) {
                ConsoleSession.signIn(r.req(), result.getCallerPrincipal().getName(), result.getCallerGroups());
                LOG.info(() -> "Console sign-in: " + result.getCallerPrincipal().getName());
                r.redirect("/dashboard");
                return;
            }
        }
        r.res().setStatus(401);
        show(r, "Wrong user name or password.");
    }
}
