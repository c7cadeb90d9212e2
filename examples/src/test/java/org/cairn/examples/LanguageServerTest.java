package org.cairn.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.cairn.examples.lsp.LspCommand;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.DocumentFormattingParams;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.FormattingOptions;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializeResult;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.RenameParams;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cairn lsp} driven through LSP4J's client side, over the protocol's own framing (piped
 * streams to the same server {@code cairn lsp} runs on stdin/stdout): what an editor sees.
 */
class LanguageServerTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final long WAIT_S = 20;

    /** The client: keeps what the server publishes and logs. */
    static final class Client implements LanguageClient {
        final BlockingQueue<PublishDiagnosticsParams> diagnostics = new LinkedBlockingQueue<>();
        final List<String> errors = new ArrayList<>();

        @Override
        public void telemetryEvent(Object object) {
        }

        @Override
        public void publishDiagnostics(PublishDiagnosticsParams params) {
            diagnostics.add(params);
        }

        @Override
        public void showMessage(MessageParams params) {
        }

        @Override
        public CompletableFuture<MessageActionItem> showMessageRequest(ShowMessageRequestParams params) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void logMessage(MessageParams params) {
            synchronized (errors) {
                errors.add(params.getMessage());
            }
        }
    }

    private final Client client = new Client();
    private LanguageServer server;
    private Future<Void> serverRun;
    private Future<Void> clientRun;
    private PipedOutputStream toServer;

    @TempDir
    Path dir;

    @BeforeEach
    void start() throws Exception {
        PipedInputStream serverIn = new PipedInputStream(1 << 16);
        toServer = new PipedOutputStream(serverIn);
        PipedInputStream clientIn = new PipedInputStream(1 << 16);
        PipedOutputStream toClient = new PipedOutputStream(clientIn);
        serverRun = LspCommand.serve(serverIn, toClient, code -> { });
        Launcher<LanguageServer> launcher = LSPLauncher.createClientLauncher(client, clientIn, toServer);
        server = launcher.getRemoteProxy();
        clientRun = launcher.startListening();
        InitializeResult init = server.initialize(new InitializeParams()).get(WAIT_S, TimeUnit.SECONDS);
        assertNotNull(init.getCapabilities().getCompletionProvider());
        server.initialized(new InitializedParams());
    }

    @AfterEach
    void stop() throws Exception {
        server.shutdown().get(WAIT_S, TimeUnit.SECONDS);
        server.exit();
        toServer.close();
        clientRun.cancel(true);
        serverRun.cancel(true);
    }

    private String open(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text, StandardCharsets.UTF_8);
        String uri = file.toUri().toString();
        server.getTextDocumentService().didOpen(new DidOpenTextDocumentParams(new TextDocumentItem(uri, "scene", 1, text)));
        return uri;
    }

    private PublishDiagnosticsParams diagnosticsFor(String uri) throws InterruptedException {
        while (true) {
            PublishDiagnosticsParams p = client.diagnostics.poll(WAIT_S, TimeUnit.SECONDS);
            assertNotNull(p, "diagnostics published for " + uri);
            if (p.getUri().equals(uri)) {
                return p;
            }
        }
    }

    private List<CompletionItem> complete(String uri, int line, int character) throws Exception {
        return server.getTextDocumentService().completion(new CompletionParams(new TextDocumentIdentifier(uri),
                new Position(line, character))).get(WAIT_S, TimeUnit.SECONDS).getLeft();
    }

    private static List<String> labels(List<CompletionItem> items) {
        return items.stream().map(CompletionItem::getLabel).toList();
    }

    @Test
    void diagnosticsAsYouTypeHaveTheRangesAndCodesOfCairnCheck() throws Exception {
        String text = "scene 1\nmaterial wood friction=0.5\nbody a v=(1, wod, 0) {\n  sphere r=1m densty=3\n}\n"
                + "body a {\n  box half=(1m, 1m, 1m) material=wod\n}\nmaterial stone friction=-1 restitution=2\n";
        String uri = open("errors.scene", text);
        List<org.eclipse.lsp4j.Diagnostic> published = diagnosticsFor(uri).getDiagnostics();
        JsonNode check = MAPPER.readTree(RunCommandTest.cairn("check", "--json", dir.resolve("errors.scene").toString()).out());
        JsonNode cli = check.get("diagnostics");
        assertEquals(cli.size(), published.size(), published::toString);
        assertTrue(published.size() >= 6, "every error at once: " + published.size());
        for (int k = 0; k < published.size(); k++) {
            org.eclipse.lsp4j.Diagnostic d = published.get(k);
            JsonNode c = cli.get(k);
            assertEquals(c.get("line").asInt() - 1, d.getRange().getStart().getLine());
            assertEquals(c.get("column").asInt() - 1, d.getRange().getStart().getCharacter());
            assertEquals(c.get("endLine").asInt() - 1, d.getRange().getEnd().getLine());
            assertEquals(c.get("endColumn").asInt(), d.getRange().getEnd().getCharacter());
            assertEquals(c.get("code").asText(), d.getCode().getLeft());
            assertTrue(d.getMessage().startsWith(c.get("message").asText()), d.getMessage());
        }
        // Fixing the file clears them.
        String fixed = "scene 1\nbody a { sphere r=1m }\n";
        server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(uri, 2),
                List.of(new TextDocumentContentChangeEvent(fixed))));
        assertEquals(List.of(), diagnosticsFor(uri).getDiagnostics());
    }

    @Test
    void completionOffersWhatTheCursorsPlaceTakes() throws Exception {
        String text = "scene 1\nlet k = 2\nmaterial wood friction=0.5\nmaterial steel friction=\nbody b {\n  \n}\n"
                + "body c material= gravity_scale= {\n  sphere r=1 \n}\nworld solver= sleep=\n";
        String uri = open("complete.scene", text);
        diagnosticsFor(uri);
        List<String> inBody = labels(complete(uri, 5, 2));
        assertTrue(inBody.containsAll(List.of("box", "sphere", "capsule", "cylinder", "convex", "mesh")), inBody.toString());
        assertFalse(inBody.contains("world") || inBody.contains("material"), inBody.toString());
        List<String> topLevel = labels(complete(uri, 11, 0));
        assertTrue(topLevel.containsAll(List.of("body", "material", "world", "joint", "let")), topLevel.toString());
        // material= offers the materials; gravity_scale= (a plain number) only constants and functions.
        assertEquals(List.of("wood", "steel"), labels(complete(uri, 7, 16)));
        List<String> friction = labels(complete(uri, 7, 31));
        assertTrue(friction.contains("k") && friction.contains("sqrt"), friction.toString());
        assertFalse(friction.contains("wood") || friction.contains("m") || friction.contains("box")
                || friction.contains("gravity_scale"), friction.toString());
        // friction= after a material's name: a plain number, so no names, units, shapes or keys.
        List<String> materialFriction = labels(complete(uri, 3, 24));
        assertEquals(List.of("k", "sqrt", "sin", "cos", "tan", "abs", "min", "max"), materialFriction);
        // After a number where a length goes: length units only.
        assertEquals(List.of("m", "cm", "mm", "km"), labels(complete(uri, 8, 12)));
        // A property's choices.
        assertEquals(List.of("soft", "si"), labels(complete(uri, 10, 13)));
        assertEquals(List.of("on", "off"), labels(complete(uri, 10, 20)));
        // After the name and words of a statement: its properties not yet given.
        List<String> properties = labels(complete(uri, 7, 7));
        assertTrue(properties.contains("at") && properties.contains("static") && properties.contains("mass"),
                properties.toString());
    }

    @Test
    void formattingEqualsCairnFmt() throws Exception {
        String text = "scene 1\n# a comment\nbody b   at=(0,1m,0) {\nsphere r=0.5m }\nlet   x=1\n";
        String uri = open("fmt.scene", text);
        List<? extends TextEdit> edits = server.getTextDocumentService().formatting(new DocumentFormattingParams(
                new TextDocumentIdentifier(uri), new FormattingOptions(2, true))).get(WAIT_S, TimeUnit.SECONDS);
        assertEquals(1, edits.size());
        RunCommandTest.Outcome fmt = RunCommandTest.cairn("fmt", dir.resolve("fmt.scene").toString());
        assertEquals(0, fmt.code(), fmt.err());
        assertEquals(Files.readString(dir.resolve("fmt.scene")), edits.get(0).getNewText());
        assertEquals(0, edits.get(0).getRange().getStart().getLine());
        // A file that does not parse is not touched.
        String broken = open("broken.scene", "scene 1\nbody b at=(0, 1m {\n");
        assertEquals(List.of(), server.getTextDocumentService().formatting(new DocumentFormattingParams(
                new TextDocumentIdentifier(broken), new FormattingOptions(2, true))).get(WAIT_S, TimeUnit.SECONDS));
    }

    @Test
    void definitionJumpsToTheMaterialAndRenameChangesEveryUse() throws Exception {
        Files.writeString(dir.resolve("part.scene"), "scene 1\nbody lid at=(0, 3m, 0) material=oak { box half=(1m, 0.1m, 1m) }\n");
        String text = "scene 1\nmaterial oak friction=0.7\ninclude \"part.scene\"\n"
                + "body crate at=(0, 1m, 0) material=oak {\n  box half=(0.5m, 0.5m, 0.5m) material=oak\n}\n"
                + "joint hinge h a=crate b=lid at=(0, 2m, 0)\nprobe p body=crate record=(position)\n"
                + "state kicked {\n  crate.v = (1m/s, 0, 0)\n}\n";
        String uri = open("main.scene", text);
        List<? extends Location> def = server.getTextDocumentService().definition(new DefinitionParams(
                new TextDocumentIdentifier(uri), new Position(4, 42))).get(WAIT_S, TimeUnit.SECONDS).getLeft();
        assertEquals(1, def.size());
        assertEquals(uri, def.get(0).getUri());
        assertEquals(1, def.get(0).getRange().getStart().getLine(), "material oak is defined on line 2");
        assertEquals(9, def.get(0).getRange().getStart().getCharacter());
        // A body defined in the included file.
        List<? extends Location> lid = server.getTextDocumentService().definition(new DefinitionParams(
                new TextDocumentIdentifier(uri), new Position(6, 25))).get(WAIT_S, TimeUnit.SECONDS).getLeft();
        assertEquals(dir.resolve("part.scene").toUri().toString(), lid.get(0).getUri());
        assertEquals(1, lid.get(0).getRange().getStart().getLine());

        WorkspaceEdit crate = server.getTextDocumentService().rename(new RenameParams(new TextDocumentIdentifier(uri),
                new Position(3, 6), "box_a")).get(WAIT_S, TimeUnit.SECONDS);
        String renamed = apply(text, crate.getChanges().get(uri));
        assertEquals(text.replace("crate", "box_a"), renamed);
        WorkspaceEdit oak = server.getTextDocumentService().rename(new RenameParams(new TextDocumentIdentifier(uri),
                new Position(1, 10), "pine")).get(WAIT_S, TimeUnit.SECONDS);
        assertEquals(text.replace("oak", "pine"), apply(text, oak.getChanges().get(uri)));
        // ...and in the file it includes.
        String part = Files.readString(dir.resolve("part.scene"));
        assertEquals(part.replace("oak", "pine"), apply(part, oak.getChanges().get(dir.resolve("part.scene").toUri().toString())));
    }

    @Test
    void hoverExplainsAPropertyAndTheOutlineListsTheNames() throws Exception {
        String text = "scene 1\nlet h = 1m\nmaterial ice friction=0.05\nbody floor static { box half=(5m, h, 5m) friction=0.1 }\n";
        String uri = open("hover.scene", text);
        Hover hover = server.getTextDocumentService().hover(new HoverParams(new TextDocumentIdentifier(uri),
                new Position(2, 15))).get(WAIT_S, TimeUnit.SECONDS);
        String markdown = hover.getContents().getRight().getValue();
        assertTrue(markdown.contains("friction") && markdown.contains("plain number") && markdown.contains(">= 0"), markdown);
        Hover unit = server.getTextDocumentService().hover(new HoverParams(new TextDocumentIdentifier(uri),
                new Position(1, 9))).get(WAIT_S, TimeUnit.SECONDS);
        assertTrue(unit.getContents().getRight().getValue().contains("metre"), unit.toString());
        List<String> outline = server.getTextDocumentService().documentSymbol(new DocumentSymbolParams(
                new TextDocumentIdentifier(uri))).get(WAIT_S, TimeUnit.SECONDS).stream().map(e -> e.getRight())
                .map(DocumentSymbol::getName).toList();
        assertEquals(List.of("h", "ice", "floor"), outline);
    }

    /** Mutated scenes and requests at random places: every request is answered and nothing fails inside. */
    @Test
    void aFuzzOfMutatedScenesKeepsTheServerUpAndAnswering() throws Exception {
        List<String> seeds = new ArrayList<>();
        try (var files = Files.list(Path.of("scenes"))) {
            for (Path p : files.filter(p -> p.toString().endsWith(".scene")).sorted().toList()) {
                seeds.add(Files.readString(p));
            }
        }
        Random random = new Random(17);
        String uri = open("fuzz.scene", seeds.get(0));
        int requests = 0;
        for (int round = 0; round < 150; round++) {
            String text = mutate(seeds.get(random.nextInt(seeds.size())), random);
            server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(uri, round + 2),
                    List.of(new TextDocumentContentChangeEvent(text))));
            String[] lines = text.split("\n", -1);
            for (int k = 0; k < 4; k++) {
                int line = random.nextInt(lines.length + 1);
                int character = line < lines.length ? random.nextInt(lines[line].length() + 2) : 0;
                Position at = new Position(line, character);
                TextDocumentIdentifier doc = new TextDocumentIdentifier(uri);
                var service = server.getTextDocumentService();
                switch (random.nextInt(5)) {
                    case 0 -> service.completion(new CompletionParams(doc, at)).get(WAIT_S, TimeUnit.SECONDS);
                    case 1 -> service.hover(new HoverParams(doc, at)).get(WAIT_S, TimeUnit.SECONDS);
                    case 2 -> service.definition(new DefinitionParams(doc, at)).get(WAIT_S, TimeUnit.SECONDS);
                    case 3 -> service.rename(new RenameParams(doc, at, "renamed")).get(WAIT_S, TimeUnit.SECONDS);
                    default -> service.formatting(new DocumentFormattingParams(doc, new FormattingOptions(2, true)))
                            .get(WAIT_S, TimeUnit.SECONDS);
                }
                requests++;
            }
            service().documentSymbol(new DocumentSymbolParams(new TextDocumentIdentifier(uri))).get(WAIT_S, TimeUnit.SECONDS);
        }
        // Every change was diagnosed, and nothing failed inside the server.
        int published = 0;
        while (client.diagnostics.poll(1, TimeUnit.SECONDS) != null) {
            published++;
        }
        assertTrue(published >= 150, "diagnostics published: " + published);
        synchronized (client.errors) {
            assertEquals(List.of(), client.errors);
        }
        assertEquals(600, requests);
    }

    private org.eclipse.lsp4j.services.TextDocumentService service() {
        return server.getTextDocumentService();
    }

    /** A scene with a few random cuts, copies and stray characters. */
    static String mutate(String seed, Random random) {
        StringBuilder s = new StringBuilder(seed);
        String alphabet = "(){}[]=,.+-*/^\"#\n 0123456789abcxyzm";
        for (int k = 1 + random.nextInt(6); k > 0 && s.length() > 0; k--) {
            int at = random.nextInt(s.length());
            switch (random.nextInt(3)) {
                case 0 -> s.delete(at, Math.min(s.length(), at + 1 + random.nextInt(12)));
                case 1 -> s.insert(at, alphabet.charAt(random.nextInt(alphabet.length())));
                default -> {
                    int from = random.nextInt(s.length());
                    s.insert(at, s.substring(from, Math.min(s.length(), from + random.nextInt(30))));
                }
            }
        }
        return s.toString();
    }

    /** The text after applying non-overlapping edits (one line each). */
    static String apply(String text, List<TextEdit> edits) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        List<TextEdit> sorted = new ArrayList<>(edits);
        sorted.sort((a, b) -> a.getRange().getStart().getLine() != b.getRange().getStart().getLine()
                ? b.getRange().getStart().getLine() - a.getRange().getStart().getLine()
                : b.getRange().getStart().getCharacter() - a.getRange().getStart().getCharacter());
        for (TextEdit e : sorted) {
            int line = e.getRange().getStart().getLine();
            String l = lines.get(line);
            lines.set(line, l.substring(0, e.getRange().getStart().getCharacter()) + e.getNewText()
                    + l.substring(e.getRange().getEnd().getCharacter()));
        }
        return String.join("\n", lines);
    }
}
