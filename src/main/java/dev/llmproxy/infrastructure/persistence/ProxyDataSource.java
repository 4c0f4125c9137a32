package dev.llmproxy.infrastructure.persistence;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

import javax.sql.DataSource;

/**
 * Looks the datasource up once, under the name persistence.xml uses. Liberty and Payara bind {@code jdbc/proxy}
 * globally; WildFly reads a relative lookup in the component's namespace, where {@code WEB-INF/jboss-web.xml} maps it
 * to the server's {@code java:/jdbc/proxy}.
 */
@ApplicationScoped
public class ProxyDataSource {

    public static final String JNDI_NAME = "jdbc/proxy";

    @Produces
    @ProxyDatabase
    @Resource(lookup = JNDI_NAME)
    DataSource dataSource;
}
