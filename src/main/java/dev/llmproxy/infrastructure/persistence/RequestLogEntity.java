package dev.llmproxy.infrastructure.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.Map;

@Entity
@Table(name = "request_log")
public class RequestLogEntity {
    @Id
    @Column(name = "request_id")
    public String requestId;
    /** UTC. */
    @Column(name = "received_at", nullable = false)
    public LocalDateTime receivedAt;
    public String tier;
    @Column(name = "requested_model")
    public String requestedModel;
    @Column(name = "answering_model")
    public String answeringModel;
    @Column(name = "answered_as")
    public String answeredAs;
    @Column(name = "answered_locally")
    public boolean answeredLocally;
    @Column(name = "front_door")
    public String frontDoor;
    @Column(name = "replay_of")
    public String replayOf;
    @Column(name = "reused_as")
    public String reusedAs;
    @Column(name = "cost_usd", precision = 20, scale = 10)
    public java.math.BigDecimal costUsd;
    public boolean fallback;
    public int status;
    @Column(name = "error_code")
    public String errorCode;
    @Column(name = "latency_ms")
    public long latencyMs;
    @Column(name = "prompt_tokens")
    public Integer promptTokens;
    @Column(name = "completion_tokens")
    public Integer completionTokens;
    @Column(name = "total_tokens")
    public Integer totalTokens;
    @Column(name = "finish_reason")
    public String finishReason;
    public boolean truncated;
    @Column(name = "saw_429")
    public boolean saw429;
    public boolean stream;
    @Column(name = "first_token_ms")
    public Long firstTokenMs;
    @Column(name = "events_relayed")
    public Integer eventsRelayed;
    @Column(name = "malformed_events")
    public Integer malformedEvents;
    public Integer continuations;
    @Column(name = "queue_wait_ms")
    public Long queueWaitMs;
    @Column(name = "client_hash")
    public String clientHash;
    @Column(name = "key_id")
    public String keyId;
    public String scope;
    @Column(name = "rate_limits")
    public String rateLimits;
    @Column(name = "rate_limit_hit")
    public String rateLimitHit;
    public String limiter;
    public Integer refusals;
    @Column(name = "last_refused_at")
    public LocalDateTime lastRefusedAt;
    @Column(name = "prompt_excerpt")
    public String promptExcerpt;
    /**
     * What the providers billed, by the model each billed attempt called ('' for a cost without attempts and without
     * an answering model); for the hourly totals, not stored as such.
     */
    @Transient
    public Map<String, BigDecimal> billed = Map.of();
    /** The attempts as a JSON array ({@link AttemptsJson}), null when there were none. */
    public String attempts;
}
