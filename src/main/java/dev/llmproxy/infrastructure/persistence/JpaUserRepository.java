package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.domain.text.StorableText;
import dev.llmproxy.domain.security.ConsoleUser;
import dev.llmproxy.domain.security.UserRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

@ApplicationScoped
public class JpaUserRepository implements UserRepository {

    @PersistenceContext(unitName = "proxy")
    EntityManager em;

    @Override
    @Transactional
    public Optional<ConsoleUser> find(String username) {
        if (!StorableText.storable(username)) {
            return Optional.empty(); // no stored user has such a name, and PostgreSQL would refuse the query
        }
        return Optional.ofNullable(em.find(ConsoleUserEntity.class, username)).map(JpaUserRepository::toDomain);
    }

    @Override
    @Transactional
    public java.util.List<ConsoleUser> all() {
        return em.createQuery("select u from ConsoleUserEntity u order by u.username", ConsoleUserEntity.class)
                .getResultList().stream().map(JpaUserRepository::toDomain).toList();
    }

    private static ConsoleUser toDomain(ConsoleUserEntity u) {
        return new ConsoleUser(u.username, u.passwordHash,
                Arrays.stream(u.roles.split(",")).map(String::trim).filter(s -> !s.isEmpty()).collect(Collectors.toSet()));
    }

    @Override
    @Transactional
    public Optional<String> appliedHash(String username) {
        ConsoleUserEntity e = StorableText.storable(username) ? em.find(ConsoleUserEntity.class, username) : null;
        return e == null ? Optional.empty() : Optional.ofNullable(e.bootstrapHash);
    }

    @Override
    @Transactional
    public void saveApplied(ConsoleUser user, String appliedHash) {
        save(user);
        em.find(ConsoleUserEntity.class, user.username()).bootstrapHash = appliedHash;
    }

    @Override
    @Transactional
    public void save(ConsoleUser user) {
        ConsoleUserEntity e = em.find(ConsoleUserEntity.class, user.username());
        boolean created = e == null;
        if (created) {
            e = new ConsoleUserEntity();
            e.username = user.username();
            e.createdAt = LocalDateTime.now(ZoneOffset.UTC);
        }
        e.passwordHash = user.passwordHash();
        e.roles = String.join(",", user.roles().stream().sorted().toList());
        if (created) {
            em.persist(e); // fully built: a provider may insert at persist, and the hash is NOT NULL
        }
    }

    @Override
    @Transactional
    public long count() {
        return em.createQuery("select count(u) from ConsoleUserEntity u", Long.class).getSingleResult();
    }
}
