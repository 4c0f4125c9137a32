package dev.llmproxy.application.security;

import dev.llmproxy.application.audit.AuditTrails;
import dev.llmproxy.domain.audit.AuditEvent;
import dev.llmproxy.domain.security.GroupRoles;
import dev.llmproxy.domain.security.Identity;
import dev.llmproxy.testing.MutableClock;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Roles from groups, what is audited, and what is refused, over a provider that says what the test tells it. */
class SingleSignOnTest {

    private final MutableClock clock = MutableClock.atEpoch();
    private final List<AuditEvent> audit = new ArrayList<>();
    private List<String> groups = List.of("llm-admins");
    private SignInRefused refusal;
    /** The provider, saying what the test tells it. */
    private final IdentityProvider provider = new IdentityProvider() {
            @Override
            public URI authorizationUrl(SignInChallenge challenge) {
                return URI.create("https://idp.example/authorize?state=" + challenge.state());
            }

            @Override
            public Verified redeem(String code, SignInChallenge challenge) throws SignInRefused {
                if (refusal != null) {
                    throw refusal;
                }
                return new Verified(new Identity("https://idp.example", "u-1", "alice", groups), "id-token");
            }

            @Override
            public Identity verifyAccessToken(String token) throws SignInRefused {
                return redeem(token, null).identity();
            }

            @Override
            public Optional<URI> endSession(String idTokenHint, URI afterLogout) {
                return Optional.of(URI.create("https://idp.example/logout"));
            }
        };
    private SingleSignOn sso = with(settings(true));

    private SingleSignOn with(SingleSignOnSettings settings) {
        return new SingleSignOn(settings, provider, AuditTrails.into(audit, clock), clock);
    }

    private static SingleSignOnSettings settings(boolean localUsers) {
        return new SingleSignOnSettings(Optional.of(URI.create("https://idp.example")), "proxy", Optional.empty(),
                "groups", new GroupRoles(Set.of("llm-admins"), Set.of("llm-auditors")), "api://proxy", Optional.empty(),
                localUsers);
    }

    private SingleSignOn.Result signIn() {
        return sso.finish(sso.challenge(URI.create("https://proxy.example/admin/oidc/callback")), "code");
    }

    @Test
    void rolesComeFromGroupsAndTheSignInIsAuditedWithTheSubject() {
        groups = List.of("staff", "llm-auditors", "llm-admins");
        SingleSignOn.Result.SignedIn in = (SingleSignOn.Result.SignedIn) signIn();
        assertThat(in.roles()).containsExactly("admin", "auditor");
        assertThat(in.identity().principal()).isEqualTo("sso:alice");
        assertThat(in.idToken()).isEqualTo("id-token");
        assertThat(audit).singleElement().satisfies(e -> {
            assertThat(e.actor()).isEqualTo("sso:alice");
            assertThat(e.action()).isEqualTo(SingleSignOn.SIGNED_IN);
            assertThat(e.target()).isEqualTo("subject u-1 at https://idp.example");
            assertThat(e.after()).isEqualTo("admin,auditor");
        });
    }

    @Test
    void aChangeOfRolesSinceTheLastSignInIsAudited() {
        signIn();
        signIn();
        assertThat(audit).extracting(AuditEvent::action).containsExactly(SingleSignOn.SIGNED_IN, SingleSignOn.SIGNED_IN);
        groups = List.of("llm-auditors");
        signIn();
        AuditEvent change = audit.get(audit.size() - 1);
        assertThat(change.action()).isEqualTo(SingleSignOn.ROLES_CHANGED);
        assertThat(change.before()).isEqualTo("admin");
        assertThat(change.after()).isEqualTo("auditor");
    }

    @Test
    void someoneInNoMappedGroupIsRefusedAndAudited() {
        groups = List.of("staff");
        SingleSignOn.Result r = signIn();
        assertThat(r).isInstanceOf(SingleSignOn.Result.Refused.class);
        assertThat(((SingleSignOn.Result.Refused) r).message()).contains("alice").contains("none of your groups");
        assertThat(audit).singleElement().satisfies(e -> {
            assertThat(e.action()).isEqualTo(SingleSignOn.REFUSED);
            assertThat(e.after()).contains("staff");
        });
    }

    @Test
    void aRefusedTokenIsAuditedAndSaysWhose() {
        refusal = new SignInRefused("The ID token was refused: Signed JWT rejected: Invalid signature");
        SingleSignOn.Result r = signIn();
        assertThat(((SingleSignOn.Result.Refused) r).message()).contains("Invalid signature");
        assertThat(((SingleSignOn.Result.Refused) r).providerFault()).isFalse();
        assertThat(audit).singleElement().extracting(AuditEvent::action).isEqualTo(SingleSignOn.REFUSED);
    }

    @Test
    void aSignInStartedTooLongAgoIsRefusedWithoutAskingTheProvider() {
        SignInChallenge challenge = sso.challenge(URI.create("https://proxy.example/admin/oidc/callback"));
        clock.advance(Duration.ofMinutes(10));
        refusal = new SignInRefused("must not be asked");
        SingleSignOn.Result r = sso.finish(challenge, "code");
        assertThat(((SingleSignOn.Result.Refused) r).message()).contains("10 minutes");
        assertThat(audit).isEmpty();
    }

    @Test
    void aConfiguredRedirectAddressWinsOverTheRequests() {
        SingleSignOnSettings before = settings(true);
        sso = with(new SingleSignOnSettings(before.issuer(), "proxy", Optional.empty(), "groups",
                before.roles(), "api://proxy",
                Optional.of(URI.create("https://console.example/admin/oidc/callback")),
                true));
        assertThat(sso.challenge(URI.create("http://10.0.0.5:9080/admin/oidc/callback")).redirectUri())
                .isEqualTo(URI.create("https://console.example/admin/oidc/callback"));
    }

    @Test
    void bearerTokensAreRefusedWhenSingleSignOnIsOff() {
        sso = with(SingleSignOnSettings.localOnly());
        assertThat(sso.bearer("x")).isInstanceOf(SingleSignOn.Result.Refused.class);
    }

    @Test
    void settingsThatWouldLockEveryoneOutOrLeakAreRefused() {
        assertThatThrownBy(() -> new SingleSignOnSettings(Optional.empty(), null, Optional.empty(), "groups",
                new GroupRoles(Set.of(), Set.of()), null, Optional.empty(), false))
                .hasMessageContaining("PROXY_LOCAL_USERS=off needs PROXY_OIDC_ISSUER");
        assertThatThrownBy(() -> new SingleSignOnSettings(Optional.of(URI.create("http://idp.example")), "proxy",
                Optional.empty(), "groups", new GroupRoles(Set.of("a"), Set.of()), "api://proxy", Optional.empty(), true))
                .hasMessageContaining("https");
        assertThatThrownBy(() -> new SingleSignOnSettings(Optional.of(URI.create("https://idp.example")), "proxy",
                Optional.empty(), "groups", new GroupRoles(Set.of(), Set.of()), "api://proxy", Optional.empty(), true))
                .hasMessageContaining("PROXY_OIDC_ADMIN_GROUPS");
        assertThatThrownBy(() -> new SingleSignOnSettings(Optional.of(URI.create("https://idp.example")), "proxy",
                Optional.empty(), "groups", new GroupRoles(Set.of("a"), Set.of()), "proxy", Optional.empty(), true))
                .hasMessageContaining("PROXY_OIDC_API_AUDIENCE must not be the client id");
        assertThat(new SingleSignOnSettings(Optional.of(URI.create("http://127.0.0.1:8080/realm")), "proxy",
                Optional.empty(), "groups", new GroupRoles(Set.of("a"), Set.of()), "api://proxy", Optional.empty(), false)
                .singleSignOn()).isTrue();
    }
}
