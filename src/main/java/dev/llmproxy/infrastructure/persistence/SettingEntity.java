package dev.llmproxy.infrastructure.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

@Entity
@Table(name = "setting")
public class SettingEntity {
    @Id
    public String name;
    @Column(name = "setting_value", nullable = false)
    public String value;
}
