package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.config.FreeStatus;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.config.RuntimeConfig;
import dev.llmproxy.domain.config.SettingKeys;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.config.Tier;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyException;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RouteResolverTest {

    private static final LocalDate TODAY = LocalDate.parse("2026-12-01");

    private static AllowedModel model(String name, boolean free, LocalDate verifiedOn) {
        return new AllowedModel(name, "sim", "healthy", null, true, free, verifiedOn, null, false, null, null, null, null, null, null);
    }

    private static final List<AllowedModel> MODELS = List.of(
            model("fresh", true, TODAY.minusDays(30)),
            model("old", true, TODAY.minusDays(31)),
            model("never", true, null),
            model("paid", false, TODAY));

    private static RuntimeConfig config(boolean requireVerifiedFree) {
        Settings settings = Settings.builder().set(SettingKeys.REQUIRE_VERIFIED_FREE, requireVerifiedFree).build();
        return RuntimeConfig.of(1, List.of(new Provider("sim", ProviderKind.SIM, null, null)), MODELS,
                List.of(new Tier("mixed", null, List.of("old", "paid", "fresh", "never")),
                        new Tier("costly", null, List.of("paid", "old"))), settings);
    }

    private static List<String> chain(RouteResolver.Route route) {
        return route.candidates().stream().map(c -> c.model().name()).toList();
    }

    @Test
    void offByDefaultEveryEnabledModelIsACandidate() {
        assertThat(chain(RouteResolver.resolve(config(false), "mixed", TODAY)))
                .containsExactly("old", "paid", "fresh", "never");
        assertThat(chain(RouteResolver.resolve(config(false), "paid", TODAY))).containsExactly("paid");
    }

    @Test
    void requiredOnlyModelsVerifiedFreeWithinTheMaximumAgeRemain() {
        assertThat(chain(RouteResolver.resolve(config(true), "mixed", TODAY))).containsExactly("fresh");
    }

    @Test
    void aTierLeftWithoutSuchAModelIsACostSafetyRefusalNotAnOutage() {
        assertThatThrownBy(() -> RouteResolver.resolve(config(true), "costly", TODAY))
                .isInstanceOfSatisfying(ProxyException.class, e -> {
                    assertThat(e.error().kind()).isEqualTo(ErrorKind.COST_SAFETY);
                    assertThat(e.error().message()).contains("verified free within the last 30 days");
                });
    }

    @Test
    void aModelAskedForByNameMustBeVerifiedFreeToo() {
        for (String name : List.of("old", "never", "paid")) {
            assertThatThrownBy(() -> RouteResolver.resolve(config(true), name, TODAY))
                    .isInstanceOfSatisfying(ProxyException.class,
                            e -> assertThat(e.error().kind()).isEqualTo(ErrorKind.COST_SAFETY));
        }
        assertThat(chain(RouteResolver.resolve(config(true), "fresh", TODAY))).containsExactly("fresh");
    }

    @Test
    void staleMeansMarkedFreeButNotVerifiedLately() {
        RuntimeConfig real = RuntimeConfig.of(1, List.of(new Provider("sim", ProviderKind.OPENROUTER,
                java.net.URI.create("https://openrouter.ai/api/v1"), "OPENROUTER_API_KEY")), MODELS, List.of(),
                Settings.defaults());
        assertThat(FreeStatus.staleModels(real, TODAY)).extracting(AllowedModel::name)
                .containsExactlyInAnyOrder("old", "never");
        assertThat(FreeStatus.staleModels(config(false), TODAY)).as("a simulated model bills nothing").isEmpty();
        assertThat(FreeStatus.verified(MODELS.get(0), TODAY, 30)).isTrue();
        assertThat(FreeStatus.verified(MODELS.get(0), TODAY, 29)).isFalse();
        assertThat(FreeStatus.stale(MODELS.get(3), TODAY, 30)).as("a paid model is not 'stale'").isFalse();
    }

    private static RuntimeConfig withStandIns() {
        AllowedModel cloud = new AllowedModel("cloud", "sim", "healthy", null, true, false, null, null, false, null,
                null, "local", null, null, null);
        AllowedModel other = new AllowedModel("other", "sim", "healthy", null, true, false, null, null, false, null,
                null, "local", null, null, null);
        AllowedModel plain = AllowedModel.of("plain", "sim", "healthy");
        AllowedModel gone = new AllowedModel("gone", "sim", "healthy", null, true, false, null, null, false, null,
                null, "off", null, null, null);
        AllowedModel local = AllowedModel.of("local", "sim", "healthy");
        AllowedModel off = new AllowedModel("off", "sim", "healthy", null, false, false, null, null, false, null, null,
                null, null, null, null);
        return RuntimeConfig.of(1, List.of(new Provider("sim", ProviderKind.SIM, null, null)),
                List.of(cloud, other, plain, gone, local, off),
                List.of(new Tier("t", null, List.of("cloud", "plain", "other", "gone"))), Settings.defaults());
    }

    @Test
    void standInsTakeTheirModelsPlacesOnlyWhenAsked() {
        assertThat(chain(RouteResolver.resolve(withStandIns(), "t", TODAY, m -> false)))
                .containsExactly("cloud", "plain", "other", "gone");
        // one stand-in for two models runs once; a disabled stand-in, or one not ready, leaves its model in place
        assertThat(chain(RouteResolver.resolve(withStandIns(), "t", TODAY, m -> !m.name().equals("local"))))
                .containsExactly("cloud", "plain", "other", "gone");
        assertThat(chain(RouteResolver.resolve(withStandIns(), "t", TODAY, m -> true))).containsExactly("local", "plain", "gone");
        assertThat(chain(RouteResolver.resolve(withStandIns(), "cloud", TODAY, m -> true))).containsExactly("local");
        assertThat(withStandIns().isStandIn("local")).isTrue();
        assertThat(withStandIns().isStandIn("cloud")).isFalse();
    }
}
