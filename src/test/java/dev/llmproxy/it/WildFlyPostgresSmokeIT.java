package dev.llmproxy.it;

import dev.llmproxy.testing.PostgresDatabases;

/** The WAR on WildFly with PostgreSQL, from the operator's kit. */
class WildFlyPostgresSmokeIT extends PortabilitySmoke {

    private static final String DATABASE = "smoke_wildfly";

    @Override
    KitServer start() throws Exception {
        PostgresDatabases.recreate(DATABASE);
        return KitServer.wildfly("wildfly-postgresql", 9680, 1600, PostgresDatabases.url(DATABASE, 5432));
    }
}
