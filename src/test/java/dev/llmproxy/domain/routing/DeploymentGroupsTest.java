package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.config.ConfigValidationException;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.config.RuntimeConfig;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.config.Tier;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.latency.LatencyKind;
import dev.llmproxy.domain.latency.ModelLatencies;
import dev.llmproxy.testing.MutableClock;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Deployment groups: what validation accepts, how a chain names them, and how their deployments are balanced. */
class DeploymentGroupsTest {

    private static final LocalDate TODAY = LocalDate.parse("2026-12-01");
    private static final List<Provider> PROVIDERS = List.of(
            new Provider("openai", ProviderKind.OPENAI, URI.create("http://127.0.0.1:1/v1"), null),
            new Provider("azure", ProviderKind.AZURE_OPENAI, URI.create("https://my-resource.openai.azure.com/openai/v1"), null));

    private static AllowedModel deployment(String name, String provider, String upstream, String group,
                                           Integer weight) {
        return new AllowedModel(name, provider, upstream, "gpt", true, false, null, null, false, null, null, null,
                null, null, null, null, null, false, null, group, weight);
    }

    private static RuntimeConfig config(List<AllowedModel> models, Tier... tiers) {
        return RuntimeConfig.of(1, PROVIDERS, models, List.of(tiers), Settings.defaults());
    }

    private static List<String> problems(List<AllowedModel> models, Tier... tiers) {
        try {
            config(models, tiers);
            return List.of();
        } catch (ConfigValidationException e) {
            return e.problems();
        }
    }

    private static final List<AllowedModel> PAIR = List.of(
            deployment("gpt-openai", "openai", "gpt-4o", "gpt", 3),
            deployment("gpt-azure", "azure", "my-gpt4o-deployment", "gpt", 1),
            deployment("mini", "openai", "gpt-4o-mini", null, null));

    @Test
    void aGroupIsNamedByItsDeploymentsAndServesTiersAndCallers() {
        RuntimeConfig config = config(PAIR, new Tier("smart", null, List.of("gpt", "mini")));
        assertThat(config.deployments("gpt")).extracting(AllowedModel::name).containsExactly("gpt-openai", "gpt-azure");

        RouteResolver.Route tier = RouteResolver.resolve(config, "smart", TODAY);
        assertThat(tier.candidates()).extracting(c -> c.model().name() + "/" + c.group())
                .containsExactly("gpt-openai/gpt", "gpt-azure/gpt", "mini/null");
        RouteResolver.Route direct = RouteResolver.resolve(config, "gpt", TODAY);
        assertThat(direct.tier()).isNull();
        assertThat(direct.candidates()).extracting(c -> c.model().name()).containsExactly("gpt-openai", "gpt-azure");
    }

    @Test
    void aGroupWithEveryDeploymentDisabledIsRefusedBeforeAnyCall() {
        List<AllowedModel> off = PAIR.stream().map(m -> m.deploymentOf() == null ? m : new AllowedModel(m.name(),
                m.provider(), m.upstreamModel(), m.family(), false, false, null, null, false, null, null, null, null,
                null, null, null, null, false, null, m.deploymentOf(), m.weight())).toList();
        assertThatThrownBy(() -> RouteResolver.resolve(config(off), "gpt", TODAY))
                .isInstanceOf(ProxyException.class)
                .satisfies(e -> assertThat(((ProxyException) e).error().kind()).isEqualTo(ErrorKind.COST_SAFETY))
                .hasMessageContaining("Every deployment of 'gpt' is disabled");
    }

    @Test
    void deploymentsMustBeOneModelAsFarAsTheAllowlistCanTell() {
        assertThat(problems(List.of(deployment("a", "openai", "gpt-4o", "g", null),
                deployment("b", "openai", "gpt-4o-mini", "g", null))))
                .containsExactly("models[1].upstreamModel: must be 'gpt-4o' as 'a' (both deployments of 'g'): at "
                        + "providers of one kind, one model has one name");
        AllowedModel claude = new AllowedModel("c", "azure", "x", "claude", true, false, null, null, false, null,
                null, null, null, null, null, null, null, false, null, "g", null);
        assertThat(problems(List.of(deployment("a", "openai", "gpt-4o", "g", null), claude)))
                .containsExactly("models[1].family: must be 'gpt' as 'a' (both deployments of 'g')");
        // at providers of different kinds the names differ by nature: the admin's grouping is the declaration
        assertThat(problems(PAIR)).isEmpty();
    }

    @Test
    void weightsForEveryDeploymentOrNoneAndANameNoModelOrTierHas() {
        assertThat(problems(List.of(deployment("a", "openai", "gpt-4o", "g", 2),
                deployment("b", "azure", "dep", "g", null))))
                .containsExactly("models[1].weight: weigh every deployment of 'g' or none (none: balanced by "
                        + "observed latency)");
        assertThat(problems(List.of(deployment("a", "openai", "gpt-4o", null, 2))))
                .containsExactly("models[0].weight: only a deployment of a group (deploymentOf) has a weight");
        assertThat(problems(List.of(deployment("a", "openai", "gpt-4o", "a", 5000))))
                .contains("models[0].weight: must be from 1 to 1000",
                        "models[0].deploymentOf: 'a' is also a model name; callers could not tell them apart");
        assertThat(problems(PAIR, new Tier("gpt", null, List.of("mini"))))
                .containsExactly("tiers[0].name: 'gpt' is also a model group name; callers could not tell them apart");
    }

    @Test
    void weightsShareTheFirstPlaceAndTheOthersFollowForFailover() {
        DeploymentOrder order = new DeploymentOrder(new ModelLatencies(MutableClock.atEpoch()),
                new Random(29)::nextDouble);
        List<Candidate> chain = RouteResolver.resolve(config(PAIR, new Tier("smart", null, List.of("gpt", "mini"))),
                "smart", TODAY).candidates();
        Map<String, Integer> first = new HashMap<>();
        for (int i = 0; i < 10_000; i++) {
            List<String> names = order.apply(chain, false).stream().map(c -> c.model().name()).toList();
            assertThat(names).containsExactlyInAnyOrder("gpt-openai", "gpt-azure", "mini");
            assertThat(names.get(2)).isEqualTo("mini");
            first.merge(names.get(0), 1, Integer::sum);
        }
        assertThat(first.get("gpt-openai")).isBetween(7_300, 7_700);
    }

    @Test
    void withoutWeightsTheFastestLatelyGoesFirstAndAnUnmeasuredOneBeforeIt() {
        MutableClock clock = MutableClock.atEpoch();
        ModelLatencies latencies = new ModelLatencies(clock);
        for (int i = 0; i < ModelLatencies.MIN_SAMPLES; i++) {
            latencies.record("slow", LatencyKind.TOTAL, Duration.ofMillis(900));
            latencies.record("fast", LatencyKind.TOTAL, Duration.ofMillis(200));
            latencies.record("slow", LatencyKind.FIRST_TOKEN, Duration.ofMillis(100));
            latencies.record("fast", LatencyKind.FIRST_TOKEN, Duration.ofMillis(150));
        }
        List<Candidate> group = new ArrayList<>();
        for (String name : List.of("slow", "fast", "new")) {
            group.add(new Candidate(deployment(name, "openai", "gpt-4o", "g", null), PROVIDERS.get(0), "g"));
        }
        DeploymentOrder order = new DeploymentOrder(latencies, () -> 0.5);
        assertThat(order.apply(group, false)).extracting(c -> c.model().name()).containsExactly("new", "fast", "slow");
        assertThat(order.apply(group, true)).extracting(c -> c.model().name()).containsExactly("new", "slow", "fast");
    }

    @Test
    void aChainWithoutGroupsIsLeftAsItIs() {
        List<Candidate> chain = List.of(new Candidate(PAIR.get(2), PROVIDERS.get(0)));
        assertThat(new DeploymentOrder(new ModelLatencies(MutableClock.atEpoch()), () -> 0.5).apply(chain, false))
                .isSameAs(chain);
    }
}
