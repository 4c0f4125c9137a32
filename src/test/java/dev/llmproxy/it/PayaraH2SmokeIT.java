package dev.llmproxy.it;

/** The WAR on Payara Micro with its embedded H2 database, from the operator's kit. */
class PayaraH2SmokeIT extends PortabilitySmoke {

    @Override
    KitServer start() throws Exception {
        return KitServer.payara("payara-h2", 9480, null);
    }

    @Override
    boolean cutMayLoseQueuedBytes() {
        return true;
    }
}
