package dev.llmproxy.it;

/** The WAR on WildFly with its embedded H2 database, from the operator's kit. */
class WildFlyH2SmokeIT extends PortabilitySmoke {

    @Override
    KitServer start() throws Exception {
        return KitServer.wildfly("wildfly-h2", 9580, 1500, null);
    }
}
