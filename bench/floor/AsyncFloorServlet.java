package bench;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The container's floor for an exchange shaped like the proxy's: the request is put in asynchronous mode, its body read
 * with a read listener, and the answer written from another thread (as an upstream's reply arrives on the client's)
 * with a write listener, the stream closed and the exchange completed. What it costs over {@link FloorServlet} is the
 * container's price of not holding a thread while an upstream answers.
 */
@WebServlet(urlPatterns = "/v1/async/chat/completions", asyncSupported = true)
public class AsyncFloorServlet extends HttpServlet {

    /** Stands for the upstream client's thread: answers leave from a thread that is not the container's. */
    private static final ExecutorService REPLIES = Executors.newFixedThreadPool(2, r -> {
        Thread t = new Thread(r, "async-floor-reply");
        t.setDaemon(true);
        return t;
    });

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse res) throws IOException {
        AsyncContext async = req.startAsync();
        async.setTimeout(0);
        ServletInputStream in = req.getInputStream();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        in.setReadListener(new ReadListener() {
            private final byte[] buffer = new byte[8192];

            @Override
            public void onDataAvailable() throws IOException {
                while (in.isReady()) {
                    int n = in.read(buffer);
                    if (n < 0) {
                        return;
                    }
                    body.write(buffer, 0, n);
                }
            }

            @Override
            public void onAllDataRead() {
                REPLIES.execute(() -> answer(async, res));
            }

            @Override
            public void onError(Throwable t) {
                async.complete();
            }
        });
    }

    private static void answer(AsyncContext async, HttpServletResponse res) {
        try {
            res.setContentType("application/json");
            res.setContentLength(FloorServlet.BODY.length);
            ServletOutputStream out = res.getOutputStream();
            out.setWriteListener(new WriteListener() {
                private boolean written;

                @Override
                public synchronized void onWritePossible() throws IOException {
                    if (!written) {
                        written = true;
                        out.write(FloorServlet.BODY);
                    }
                    if (out.isReady()) {
                        out.close();
                        async.complete();
                    }
                }

                @Override
                public void onError(Throwable t) {
                    async.complete();
                }
            });
        } catch (IOException | RuntimeException e) {
            async.complete();
        }
    }
}
