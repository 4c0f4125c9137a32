package dev.llmproxy.infrastructure.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

@Entity
@Table(name = "provider")
public class ProviderEntity {
    @Id
    public String name;
    @Column(nullable = false)
    public String kind;
    @Column(name = "base_url")
    public String baseUrl;
    @Column(name = "api_key_secret")
    public String apiKeySecret;
    @Column(name = "sort_order")
    public int sortOrder;
}
