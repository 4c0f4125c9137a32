package dev.llmproxy.infrastructure.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.LocalDateTime;

@Entity
@Table(name = "console_user")
public class ConsoleUserEntity {
    @Id
    public String username;
    @Column(name = "password_hash", nullable = false)
    public String passwordHash;
    /** Comma-separated. */
    @Column(nullable = false)
    public String roles;
    @Column(name = "created_at", nullable = false)
    public LocalDateTime createdAt;
    /** The hash of the {@code PROXY_ADMIN_PASSWORD} value last applied to this user, or null. */
    @Column(name = "bootstrap_hash")
    public String bootstrapHash;
}
