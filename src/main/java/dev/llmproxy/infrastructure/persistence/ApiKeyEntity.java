package dev.llmproxy.infrastructure.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.LocalDateTime;

@Entity
@Table(name = "api_key")
public class ApiKeyEntity {
    @Id
    public String id;
    public String name;
    @Column(name = "key_hash")
    public String keyHash;
    public String scope;
    /** Comma-separated tier names; empty for all. */
    @Column(name = "allowed_tiers")
    public String allowedTiers;
    @Column(name = "limit_per_minute")
    public Integer limitPerMinute;

    @Column(name = "daily_usd", precision = 24, scale = 10)
    public java.math.BigDecimal dailyUsd;

    @Column(name = "monthly_usd", precision = 24, scale = 10)
    public java.math.BigDecimal monthlyUsd;

    @Column(name = "daily_tokens")
    public Long dailyTokens;

    @Column(name = "monthly_tokens")
    public Long monthlyTokens;

    @Column(name = "tokens_per_minute")
    public Long tokensPerMinute;
    /** UTC. */
    @Column(name = "created_at")
    public LocalDateTime createdAt;
    @Column(name = "created_by")
    public String createdBy;
    /** UTC. */
    @Column(name = "revoked_at")
    public LocalDateTime revokedAt;
    @Column(name = "revoked_by")
    public String revokedBy;
    /** interactive, standard or batch. */
    public String priority;
}
