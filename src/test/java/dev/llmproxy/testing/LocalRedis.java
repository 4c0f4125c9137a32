package dev.llmproxy.testing;

/** The local Redis (127.0.0.1:6379) that .ci/run makes sure is running; tests keep to a database of their own. */
public final class LocalRedis {

    public static final String HOST = "127.0.0.1";
    public static final int PORT = 6379;
    /** Database 15: the tests' keys stay out of the default database 0. */
    public static final int DATABASE = 15;
    public static final String URL = "redis://" + HOST + ":" + PORT + "/" + DATABASE;
    /** Database 14: the instances of RedisLimitsIT, which run beside the store tests and clear their own keys. */
    public static final int INSTANCES_DATABASE = 14;

    private LocalRedis() {
    }

    /** The URL of the same database through {@code port} (a relay that can cut it). */
    public static String url(int port) {
        return url(port, DATABASE);
    }

    /** The URL of that database through {@code port}. */
    public static String url(int port, int database) {
        return "redis://" + HOST + ":" + port + "/" + database;
    }
}
