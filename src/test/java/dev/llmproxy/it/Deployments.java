package dev.llmproxy.it;

import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.WebArchive;

import java.io.File;

/** The integration tests deploy the WAR the build produced, exactly as users get it. */
final class Deployments {

    private Deployments() {
    }

    static WebArchive proxyWar() {
        File war = new File(System.getProperty("it.war", "target/llm-proxy.war"));
        return ShrinkWrap.createFromZipFile(WebArchive.class, war);
    }
}
