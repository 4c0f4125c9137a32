package dev.llmproxy.infrastructure.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;

@Embeddable
public class AttemptEmbeddable {
    public String model;
    public String outcome;
    public Integer status;
    @Column(name = "latency_ms")
    public long latencyMs;
    public String reason;
    public Integer tokens;
    @Column(name = "cost_usd", precision = 20, scale = 10)
    public java.math.BigDecimal costUsd;
}
