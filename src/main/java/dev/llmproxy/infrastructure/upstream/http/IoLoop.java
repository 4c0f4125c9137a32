package dev.llmproxy.infrastructure.upstream.http;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One selector and the thread that runs it: ready keys go to the handler, tasks submitted from other threads run
 * between selects, and the handler gets a turn at least once a second for housekeeping. What an exchange is stays
 * in {@link NioHttpTransport}.
 */
final class IoLoop {

    /** What the loop drives; every method runs on the loop's thread. */
    interface Handler {
        void ready(SelectionKey key);

        /** After every turn of the loop, and at least once a second. */
        void turn(long nowNanos);

        /** The loop stopped: release the sockets still registered and fail the tasks that will never run. */
        void stopped(Set<SelectionKey> keys, List<Runnable> pending);
    }

    private static final Logger LOG = Logger.getLogger(IoLoop.class.getName());
    private static final long MAX_SELECT_MILLIS = 1000;

    private final Selector selector;
    private final Thread thread;
    private final Handler handler;
    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean wakeupPending = new AtomicBoolean();
    private volatile boolean open = true;

    IoLoop(String threadName, Handler handler) {
        this.handler = handler;
        try {
            selector = Selector.open();
        } catch (IOException e) {
            throw new IllegalStateException("cannot open a selector", e);
        }
        thread = new Thread(this::loop, threadName);
        thread.setDaemon(true);
        thread.start();
    }

    boolean isOpen() {
        return open;
    }

    boolean isAlive() {
        return thread.isAlive();
    }

    void close() {
        open = false;
        selector.wakeup();
    }

    /** On the loop's thread: registers a socket with no interest yet. */
    SelectionKey register(SocketChannel channel, Object attachment) throws ClosedChannelException {
        return channel.register(selector, 0, attachment);
    }

    /** Runs the task on the loop's thread (waking it unless this is that thread). */
    void submit(Runnable task) {
        tasks.add(task);
        if (Thread.currentThread() != thread && wakeupPending.compareAndSet(false, true)) {
            selector.wakeup();
        }
    }

    private void loop() {
        try {
            while (open) {
                selector.select(MAX_SELECT_MILLIS);
                wakeupPending.set(false);
                Iterator<SelectionKey> keys = selector.selectedKeys().iterator();
                while (keys.hasNext()) {
                    SelectionKey key = keys.next();
                    keys.remove();
                    handler.ready(key);
                }
                runTasks();
                handler.turn(System.nanoTime());
            }
        } catch (IOException | ClosedSelectorException e) {
            LOG.log(Level.SEVERE, "The upstream I/O loop stopped", e);
        } catch (RuntimeException | Error e) {
            LOG.log(Level.SEVERE, "The upstream I/O loop failed", e);
            throw e;
        } finally {
            stop();
        }
    }

    private void runTasks() {
        Runnable task;
        while ((task = tasks.poll()) != null) {
            try {
                task.run();
            } catch (RuntimeException e) {
                LOG.log(Level.SEVERE, "Upstream I/O task failed", e);
            }
        }
    }

    private void stop() {
        open = false;
        List<Runnable> pending = new ArrayList<>();
        Runnable task;
        while ((task = tasks.poll()) != null) {
            pending.add(task);
        }
        try {
            handler.stopped(selector.keys(), pending);
        } finally {
            try {
                selector.close();
            } catch (IOException ignored) {
                // nothing left to release
            }
        }
    }
}
