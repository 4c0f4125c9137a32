package dev.llmproxy.it;

import dev.llmproxy.testing.PostgresDatabases;

/** The WAR on Payara Micro with PostgreSQL, from the operator's kit. */
class PayaraPostgresSmokeIT extends PortabilitySmoke {

    private static final String DATABASE = "smoke_payara";

    @Override
    KitServer start() throws Exception {
        PostgresDatabases.recreate(DATABASE);
        return KitServer.payara("payara-postgresql", 9482, PostgresDatabases.url(DATABASE, 5432));
    }

    @Override
    boolean cutMayLoseQueuedBytes() {
        return true;
    }
}
