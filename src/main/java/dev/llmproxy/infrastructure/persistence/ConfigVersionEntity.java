package dev.llmproxy.infrastructure.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.LocalDateTime;

@Entity
@Table(name = "config_version")
public class ConfigVersionEntity {
    @Id
    public long version;
    /** UTC. */
    @Column(name = "created_at", nullable = false)
    public LocalDateTime createdAt;
    @Column(nullable = false)
    public String author;
    public String summary;
    @Column(nullable = false, length = 1_000_000)
    public String snapshot;
}
