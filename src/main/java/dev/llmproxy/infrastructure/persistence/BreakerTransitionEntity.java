package dev.llmproxy.infrastructure.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;

import java.time.LocalDateTime;

@Entity
@Table(name = "breaker_transition")
public class BreakerTransitionEntity {
    @Id
    @SequenceGenerator(name = "breaker_transition_seq", sequenceName = "breaker_transition_seq", allocationSize = 1)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "breaker_transition_seq")
    public Long id;
    public String model;
    @Column(name = "from_state")
    public String fromState;
    @Column(name = "to_state")
    public String toState;
    public String reason;
    @Column(name = "instance_id")
    public String instanceId;
    /** UTC. */
    @Column(name = "changed_at")
    public LocalDateTime changedAt;
}
