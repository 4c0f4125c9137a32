package dev.llmproxy.infrastructure.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.math.BigDecimal;
import java.time.LocalDate;

@Entity
@Table(name = "allowed_model")
public class ModelEntity {
    @Id
    public String name;
    @Column(name = "provider_name", nullable = false)
    public String provider;
    @Column(name = "upstream_model", nullable = false)
    public String upstreamModel;
    public String family;
    public boolean enabled;
    @Column(name = "is_free")
    public boolean free;
    @Column(name = "free_verified_on")
    public LocalDate freeVerifiedOn;
    @Column(name = "context_window")
    public Integer contextWindow;
    @Column(name = "supports_prefill")
    public boolean supportsPrefill;
    @Column(name = "input_cost_per_mtok")
    public BigDecimal inputCostPerMTok;
    @Column(name = "output_cost_per_mtok")
    public BigDecimal outputCostPerMTok;
    @Column(name = "cached_input_cost_per_mtok")
    public BigDecimal cachedInputCostPerMTok;
    @Column(name = "local_stand_in")
    public String localStandIn;
    @Column(name = "reasoning_effort")
    public String reasoningEffort;
    @Column(name = "thinking_headroom")
    public Integer thinkingHeadroom;
    @Column(name = "vector_space")
    public String vectorSpace;
    @Column(name = "cache_write_cost_per_mtok")
    public BigDecimal cacheWriteCostPerMTok;
    @Column(name = "prompt_caching")
    public boolean promptCaching;
    @Column(name = "max_concurrent")
    public Integer maxConcurrent;
    @Column(name = "deployment_of")
    public String deploymentOf;
    @Column(name = "weight")
    public Integer weight;
    @Column(name = "sort_order")
    public int sortOrder;
}
