package dev.llmproxy.it;

import org.jboss.arquillian.container.spi.event.DeployManagedDeployments;
import org.jboss.arquillian.container.spi.event.UnDeployManagedDeployments;
import org.jboss.arquillian.core.api.annotation.Observes;
import org.jboss.arquillian.core.spi.EventContext;
import org.jboss.arquillian.core.spi.LoadableExtension;

/**
 * The suite's classes share one deployment of the WAR: the first class deploys it, the others find it deployed, and
 * it goes when the server stops at the end of the run. A deployment per class cost a Liberty deploy and undeploy
 * each (about 17 s a class, most of the suite's time); each class sets up the configuration it needs, and
 * what a class leaves behind that another would notice it resets itself.
 */
public final class OneDeployment implements LoadableExtension {

    @Override
    public void register(ExtensionBuilder builder) {
        builder.observer(Deployer.class);
    }

    /** Lets the first deployment through and no undeployment. */
    public static final class Deployer {

        private static volatile boolean deployed;

        public void deploy(@Observes EventContext<DeployManagedDeployments> event) {
            if (!deployed) {
                event.proceed();
                deployed = true;
            }
        }

        public void undeploy(@Observes EventContext<UnDeployManagedDeployments> event) {
            // kept until the server stops
        }
    }
}
