package dev.llmproxy.infrastructure.persistence;

import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.OrderColumn;
import jakarta.persistence.Table;

import java.util.ArrayList;
import java.util.List;

@Entity
@Table(name = "tier")
public class TierEntity {
    @Id
    public String name;
    public String description;
    @Column(name = "sort_order")
    public int sortOrder;
    public boolean hedged;
    /** Seconds an answer stays fresh; 0: answers are not given again while the models answer. */
    @Column(name = "max_age_seconds")
    public int maxAgeSeconds;
    /** Seconds an answer may stand in for a failure; 0: never. */
    @Column(name = "stale_if_error_seconds")
    public int staleIfErrorSeconds;
    @ElementCollection(fetch = FetchType.EAGER)
    @CollectionTable(name = "tier_chain", joinColumns = @JoinColumn(name = "tier_name"))
    @OrderColumn(name = "chain_index")
    @Column(name = "model_name")
    public List<String> chain = new ArrayList<>();
    @ElementCollection(fetch = FetchType.EAGER)
    @CollectionTable(name = "tier_on_refusal", joinColumns = @JoinColumn(name = "tier_name"))
    @OrderColumn(name = "refusal_index")
    @Column(name = "model_name")
    public List<String> onRefusal = new ArrayList<>();
}
