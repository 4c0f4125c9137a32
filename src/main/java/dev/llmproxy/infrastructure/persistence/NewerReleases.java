package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.domain.config.ConfigValidationException;
import dev.llmproxy.domain.config.SettingKey;
import dev.llmproxy.domain.config.SettingKeys;
import jakarta.persistence.EntityManager;

import java.util.List;

/**
 * What a configuration save by this release must not undo of a newer one, for a rolling upgrade where both run on one
 * database. A save rewrites every provider, model and tier row, so columns only a newer release knows would be lost:
 * when the schema has been migrated past what this release knows, its saves are refused, and say why. Settings are
 * rows of their own, so a save replaces only those this release knows and keeps the newer release's.
 */
final class NewerReleases {

    private NewerReleases() {
    }

    /** The newest migration this release knows, by its number ({@code V033__...} is 33). */
    static int newestKnown() {
        return version(MigrationScripts.ALL.get(MigrationScripts.ALL.size() - 1).substring(1).split("__")[0]);
    }

    /** @throws ConfigValidationException when a newer release has migrated the schema */
    static void refuseIfSchemaAhead(EntityManager em) {
        int newest = 0;
        for (Object v : em.createNativeQuery("SELECT \"version\" FROM \"" + SchemaMigrations.HISTORY
                + "\" WHERE \"success\" AND \"version\" IS NOT NULL").getResultList()) {
            newest = Math.max(newest, version(String.valueOf(v)));
        }
        if (newest > newestKnown()) {
            throw ConfigValidationException.of("release", "A newer release of the proxy has upgraded this database"
                    + " (schema version " + newest + "; this instance knows up to " + newestKnown() + "), and saving"
                    + " here would drop what only it knows. Make the change on an instance of the newer release, or"
                    + " once every instance runs it.");
        }
    }

    /** Removes the stored settings this release knows, ready to store them anew; others stay as they were. */
    static void deleteKnownSettings(EntityManager em) {
        List<String> known = SettingKeys.all().stream().map(SettingKey::name).toList();
        em.createQuery("delete from SettingEntity s where s.name in :names").setParameter("names", known)
                .executeUpdate();
    }

    private static int version(String text) {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException notAVersion) {
            return 0; // a version this release does not number: none of its own
        }
    }
}
