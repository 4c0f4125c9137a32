package dev.llmproxy.it;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A class that starts servers of its own (several instances, another server's kit): it runs beside the Arquillian
 * classes, which run one after another on the shared test server, and one such class runs at a time. Most of their
 * time is a server starting or a heartbeat going stale; several of them starting servers at once on two cores starve
 * each other past their timeouts.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("own servers")
@interface OwnServers {
}
