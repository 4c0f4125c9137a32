package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.config.AnswerReuse;
import dev.llmproxy.domain.config.Tier;

import java.net.URI;

/** Entity to domain and back for the configuration tables. */
final class ConfigMapper {

    private ConfigMapper() {
    }

    static Provider toDomain(ProviderEntity e) {
        ProviderKind kind = ProviderKind.fromId(e.kind)
                .orElseThrow(() -> new IllegalStateException("provider " + e.name + " has unknown kind " + e.kind));
        return new Provider(e.name, kind, e.baseUrl == null ? null : URI.create(e.baseUrl), e.apiKeySecret);
    }

    static ProviderEntity toEntity(Provider p, int sortOrder) {
        ProviderEntity e = new ProviderEntity();
        e.sortOrder = sortOrder;
        e.name = p.name();
        e.kind = p.kind().id();
        e.baseUrl = p.baseUrl() == null ? null : p.baseUrl().toString();
        e.apiKeySecret = p.apiKeySecret();
        return e;
    }

    static AllowedModel toDomain(ModelEntity e) {
        return new AllowedModel(e.name, e.provider, e.upstreamModel, e.family, e.enabled, e.free, e.freeVerifiedOn,
                e.contextWindow, e.supportsPrefill, e.inputCostPerMTok, e.outputCostPerMTok, e.localStandIn,
                e.reasoningEffort, e.thinkingHeadroom, e.cachedInputCostPerMTok, e.vectorSpace, e.cacheWriteCostPerMTok,
                e.promptCaching, e.maxConcurrent, e.deploymentOf, e.weight);
    }

    static ModelEntity toEntity(AllowedModel m, int sortOrder) {
        ModelEntity e = new ModelEntity();
        e.name = m.name();
        e.provider = m.provider();
        e.upstreamModel = m.upstreamModel();
        e.family = m.family();
        e.enabled = m.enabled();
        e.free = m.free();
        e.freeVerifiedOn = m.freeVerifiedOn();
        e.contextWindow = m.contextWindow();
        e.supportsPrefill = m.supportsPrefill();
        e.inputCostPerMTok = m.inputCostPerMTok();
        e.outputCostPerMTok = m.outputCostPerMTok();
        e.cachedInputCostPerMTok = m.cachedInputCostPerMTok();
        e.localStandIn = m.localStandIn();
        e.reasoningEffort = m.reasoningEffort();
        e.thinkingHeadroom = m.thinkingHeadroom();
        e.vectorSpace = m.vectorSpace();
        e.cacheWriteCostPerMTok = m.cacheWriteCostPerMTok();
        e.promptCaching = m.promptCaching();
        e.maxConcurrent = m.maxConcurrent();
        e.deploymentOf = m.deploymentOf();
        e.weight = m.weight();
        e.sortOrder = sortOrder;
        return e;
    }

    static Tier toDomain(TierEntity e) {
        return new Tier(e.name, e.description, e.chain, e.hedged, e.onRefusal,
                AnswerReuse.ofSeconds(e.maxAgeSeconds, e.staleIfErrorSeconds));
    }

    static TierEntity toEntity(Tier t, int sortOrder) {
        TierEntity e = new TierEntity();
        e.name = t.name();
        e.description = t.description();
        e.hedged = t.hedged();
        e.maxAgeSeconds = (int) t.reuse().maxAge().toSeconds();
        e.staleIfErrorSeconds = (int) t.reuse().staleIfError().toSeconds();
        e.sortOrder = sortOrder;
        e.chain.addAll(t.chain());
        e.onRefusal.addAll(t.onRefusal());
        return e;
    }
}
