package dev.llmproxy.interfaces.proxy;

/**
 * Whether a stream's client has gone (disconnected, or cut off for not reading), and the one call that tells the
 * stream's owner so. The call is made outside the stream's lock: cancelling the run takes the attempt's lock, which an
 * I/O thread may hold while it waits for the stream's.
 */
final class GoneClient {

    private final Runnable owner;
    private boolean gone;
    private boolean told;

    GoneClient(Runnable owner) {
        this.owner = owner;
    }

    synchronized boolean gone() {
        return gone;
    }

    /** Marks the client gone; whether it had not been already. */
    synchronized boolean mark() {
        if (gone) {
            return false;
        }
        gone = true;
        return true;
    }

    /** Tells the owner, once, if the client has gone. */
    void tellIfGone() {
        boolean tell;
        synchronized (this) {
            tell = gone && !told;
            told |= gone;
        }
        if (tell) {
            owner.run();
        }
    }
}
