package dev.llmproxy.it;

import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.extension.ExtendWith;

/** Base of the integration tests: the built WAR on the managed Liberty server, called over HTTP like a client. */
@ExtendWith(ArquillianExtension.class)
abstract class DeployedProxy {

    protected final ProxyClient proxy = new ProxyClient();

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.proxyWar();
    }
}
