package org.cairn.examples.view;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.Executors;

/**
 * The viewer's web server (the JDK's own), bound to the loopback address only. It serves exactly
 * its page, its script and style, the three.js files it imports (from the WebJar on the class
 * path: nothing is fetched from the network), and the frames of one {@link FrameSource}; every
 * other path is 404, whatever its dots or encodings, and every method but GET is 405.
 */
public final class ViewServer implements AutoCloseable {
    /** The WebJar's version of three.js (the root pom's). */
    static final String THREE = "META-INF/resources/webjars/three/0.181.1/";
    /** Frames sent per request at most. */
    static final int MAX_FRAMES_PER_REQUEST = 600;
    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** Path → class-path resource and its content type. */
    private static final Map<String, String[]> FILES = Map.of(
            "/", new String[] {"org/cairn/examples/view/index.html", "text/html; charset=utf-8"},
            "/viewer.js", new String[] {"org/cairn/examples/view/viewer.js", "text/javascript; charset=utf-8"},
            "/viewer.css", new String[] {"org/cairn/examples/view/viewer.css", "text/css; charset=utf-8"},
            "/three/build/three.module.js", new String[] {THREE + "build/three.module.js", "text/javascript; charset=utf-8"},
            "/three/build/three.core.js", new String[] {THREE + "build/three.core.js", "text/javascript; charset=utf-8"},
            "/three/examples/jsm/controls/OrbitControls.js",
            new String[] {THREE + "examples/jsm/controls/OrbitControls.js", "text/javascript; charset=utf-8"});

    private final HttpServer server;
    private final FrameSource source;

    /**
     * Starts serving {@code source} on 127.0.0.1 (the loopback address) at {@code port}, 0 for any
     * free port.
     *
     * @throws IOException if the port cannot be had
     */
    public ViewServer(FrameSource source, int port) throws IOException {
        this.source = source;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
        server.createContext("/", this::handle);
        server.setExecutor(Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "cairn-view");
            t.setDaemon(true);
            return t;
        }));
        server.start();
    }

    /** The page's address. */
    public URI uri() {
        InetSocketAddress a = server.getAddress();
        return URI.create("http://" + a.getAddress().getHostAddress() + ":" + a.getPort() + "/");
    }

    /** The address and port the server listens on. */
    public InetSocketAddress address() {
        return server.getAddress();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!"GET".equals(exchange.getRequestMethod())) {
                send(exchange, 405, "text/plain; charset=utf-8", "only GET".getBytes(StandardCharsets.UTF_8));
                return;
            }
            // The raw path, not decoded: "%2e%2e" is not "..", and neither names anything here.
            String path = exchange.getRequestURI().getRawPath();
            String[] file = FILES.get(path);
            if (file != null) {
                try (InputStream in = ViewServer.class.getClassLoader().getResourceAsStream(file[0])) {
                    if (in == null) {
                        send(exchange, 500, "text/plain; charset=utf-8", ("missing " + file[0]).getBytes(StandardCharsets.UTF_8));
                        return;
                    }
                    send(exchange, 200, file[1], in.readAllBytes());
                }
                return;
            }
            switch (path) {
                case "/api/scene" -> json(exchange, scene());
                case "/api/frames" -> json(exchange, frames(exchange.getRequestURI().getRawQuery()));
                default -> send(exchange, 404, "text/plain; charset=utf-8", "not found".getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    private ObjectNode scene() {
        ObjectNode d = source.description();
        d.put("frameLimit", source.limit());
        return d;
    }

    /** {@code from=N&count=M}: frames N .. N+M−1 that exist, and whether the last one there will be is among them. */
    private ObjectNode frames(String query) {
        int from = 0, count = 60;
        if (query != null) {
            for (String part : query.split("&")) {
                String[] kv = part.split("=", 2);
                if (kv.length == 2) {
                    try {
                        if (kv[0].equals("from")) {
                            from = Math.max(0, Integer.parseInt(kv[1]));
                        } else if (kv[0].equals("count")) {
                            count = Math.max(0, Math.min(MAX_FRAMES_PER_REQUEST, Integer.parseInt(kv[1])));
                        }
                    } catch (NumberFormatException ignored) {
                        // A malformed number keeps the default.
                    }
                }
            }
        }
        ObjectNode out = MAPPER.createObjectNode();
        out.put("from", from);
        ArrayNode frames = out.putArray("frames");
        for (int i = from; i < from + count; i++) {
            ObjectNode f = source.frame(i);
            if (f == null) {
                break;
            }
            frames.add(f);
        }
        out.put("end", from + frames.size() >= source.limit());
        return out;
    }

    private static void json(HttpExchange exchange, ObjectNode node) throws IOException {
        send(exchange, 200, "application/json", node.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static void send(HttpExchange exchange, int code, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.sendResponseHeaders(code, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
