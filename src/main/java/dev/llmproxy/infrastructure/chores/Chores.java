package dev.llmproxy.infrastructure.chores;

import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The proxy's periodic chores (sweeps, saves, polls, reads of shared counts), on the container's managed scheduler.
 * A chore that throws runs again at its next turn and the log says so: left to the scheduler, one exception would end
 * it for good, and silently.
 */
@ApplicationScoped
public class Chores {

    private static final Logger LOG = Logger.getLogger(Chores.class.getName());

    @Resource
    ManagedScheduledExecutorService scheduler;

    /**
     * Runs {@code task} first after {@code first}, then {@code every} after the end of each run.
     *
     * @param what names the chore in the log, should it throw
     */
    public Chore every(Duration first, Duration every, String what, Runnable task) {
        return new Chore(scheduler.scheduleWithFixedDelay(() -> runOnce(what, task), first.toMillis(),
                every.toMillis(), TimeUnit.MILLISECONDS));
    }

    static void runOnce(String what, Runnable task) {
        try {
            task.run();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "The chore '" + what + "' failed; it runs again at its next turn", e);
        }
    }
}
