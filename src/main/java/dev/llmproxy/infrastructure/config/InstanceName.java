package dev.llmproxy.infrastructure.config;

import dev.llmproxy.infrastructure.variables.Variables;
import org.eclipse.microprofile.config.Config;

import java.io.IOException;
import java.net.InetAddress;

import static dev.llmproxy.application.config.DeploymentVariable.PROXY_INSTANCE_ID;

/** This instance's name in logs, breaker transitions and heartbeats: PROXY_INSTANCE_ID, else host and process. */
final class InstanceName {

    private InstanceName() {
    }

    static String of(Config config) {
        return Variables.text(config, PROXY_INSTANCE_ID).orElseGet(() -> {
            String host;
            try {
                host = InetAddress.getLocalHost().getHostName();
            } catch (IOException e) {
                host = "localhost";
            }
            return host + "-" + ProcessHandle.current().pid();
        });
    }
}
