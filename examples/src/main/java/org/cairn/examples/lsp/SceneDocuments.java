package org.cairn.examples.lsp;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.cairn.scene.Diagnostic;
import org.cairn.scene.Includes;
import org.cairn.scene.Scenes;
import org.cairn.scene.editor.SceneCompletion;
import org.cairn.scene.editor.SceneHover;
import org.cairn.scene.editor.SceneIndex;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionItemKind;
import org.eclipse.lsp4j.CompletionList;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidCloseTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.DidSaveTextDocumentParams;
import org.eclipse.lsp4j.DocumentFormattingParams;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.LocationLink;
import org.eclipse.lsp4j.MarkupContent;
import org.eclipse.lsp4j.MarkupKind;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PrepareRenameDefaultBehavior;
import org.eclipse.lsp4j.PrepareRenameParams;
import org.eclipse.lsp4j.PrepareRenameResult;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.RenameParams;
import org.eclipse.lsp4j.SymbolInformation;
import org.eclipse.lsp4j.SymbolKind;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.jsonrpc.messages.Either3;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.TextDocumentService;

/**
 * The open scene files and what the server answers about them. Diagnostics are the command
 * line's (the same front end, the same ranges), published on every change; the rest comes from
 * {@link SceneIndex}. Every request is answered, also on text that does not parse: a failure
 * inside one answers with an empty result and is logged, so the server stays up.
 */
final class SceneDocuments implements TextDocumentService {
    private final Map<String, String> open = new ConcurrentHashMap<>();
    private LanguageClient client;

    void connect(LanguageClient client) {
        this.client = client;
    }

    // ------------------------------------------------------------------ text sync and diagnostics

    @Override
    public void didOpen(DidOpenTextDocumentParams params) {
        open.put(params.getTextDocument().getUri(), params.getTextDocument().getText());
        publish(params.getTextDocument().getUri());
    }

    @Override
    public void didChange(DidChangeTextDocumentParams params) {
        if (!params.getContentChanges().isEmpty()) {
            // Full sync: the last change is the whole text.
            open.put(params.getTextDocument().getUri(),
                    params.getContentChanges().get(params.getContentChanges().size() - 1).getText());
        }
        publish(params.getTextDocument().getUri());
    }

    @Override
    public void didClose(DidCloseTextDocumentParams params) {
        open.remove(params.getTextDocument().getUri());
        if (client != null) {
            client.publishDiagnostics(new PublishDiagnosticsParams(params.getTextDocument().getUri(), List.of()));
        }
    }

    @Override
    public void didSave(DidSaveTextDocumentParams params) {
        publish(params.getTextDocument().getUri());
    }

    private void publish(String uri) {
        if (client == null) {
            return;
        }
        Map<String, List<org.eclipse.lsp4j.Diagnostic>> byUri = new LinkedHashMap<>();
        byUri.put(uri, new ArrayList<>());
        try {
            String name = fileName(uri);
            Scenes.Loaded loaded = Scenes.parse(name, text(uri));
            for (Diagnostic d : loaded.diagnostics()) {
                String target = d.span().file().equals(name) ? uri : uriOf(name, d.span().file());
                byUri.computeIfAbsent(target, k -> new ArrayList<>()).add(diagnostic(d));
            }
        } catch (RuntimeException e) {
            log("diagnostics of " + uri, e);
        }
        byUri.forEach((u, list) -> client.publishDiagnostics(new PublishDiagnosticsParams(u, list)));
    }

    /** A front-end diagnostic in the protocol's terms; its help and notes follow the message. */
    static org.eclipse.lsp4j.Diagnostic diagnostic(Diagnostic d) {
        StringBuilder message = new StringBuilder(d.message());
        for (String hint : d.hints()) {
            message.append('\n').append(hint.startsWith(Diagnostic.PROVENANCE_PREFIX) ? "note: " : "help: ").append(hint);
        }
        org.eclipse.lsp4j.Diagnostic out = new org.eclipse.lsp4j.Diagnostic(Ranges.of(d.span()), message.toString(),
                d.severity() == Diagnostic.Severity.ERROR ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning, "cairn");
        out.setCode(d.code());
        return out;
    }

    // ------------------------------------------------------------------ requests

    @Override
    public CompletableFuture<List<? extends TextEdit>> formatting(DocumentFormattingParams params) {
        return answer("formatting", List::of, () -> {
            String uri = params.getTextDocument().getUri();
            String text = text(uri);
            String formatted;
            try {
                formatted = Scenes.format(fileName(uri), text);
            } catch (IllegalArgumentException syntaxErrors) {
                // A file that does not parse is left as it is; its diagnostics say why.
                return List.of();
            }
            return formatted.equals(text) ? List.of() : List.of(new TextEdit(Ranges.whole(text), formatted));
        });
    }

    @Override
    public CompletableFuture<Either<List<CompletionItem>, CompletionList>> completion(CompletionParams params) {
        return answer("completion", () -> Either.forLeft(List.of()), () -> {
            SceneIndex index = index(params.getTextDocument().getUri());
            List<CompletionItem> items = new ArrayList<>();
            for (SceneCompletion.Item item : SceneCompletion.at(index, Ranges.line(params.getPosition()),
                    Ranges.column(params.getPosition()))) {
                CompletionItem c = new CompletionItem(item.label());
                c.setInsertText(item.insert());
                c.setDetail(item.detail());
                c.setKind(switch (item.kind()) {
                    case STATEMENT -> CompletionItemKind.Keyword;
                    case PROPERTY -> CompletionItemKind.Property;
                    case KEYWORD -> CompletionItemKind.EnumMember;
                    case NAME -> CompletionItemKind.Reference;
                    case UNIT -> CompletionItemKind.Unit;
                    case FUNCTION -> CompletionItemKind.Function;
                });
                items.add(c);
            }
            return Either.forLeft(items);
        });
    }

    @Override
    public CompletableFuture<Hover> hover(HoverParams params) {
        return answer("hover", () -> null, () -> {
            SceneIndex index = index(params.getTextDocument().getUri());
            return SceneHover.at(index, Ranges.line(params.getPosition()), Ranges.column(params.getPosition()))
                    .map(markdown -> new Hover(new MarkupContent(MarkupKind.MARKDOWN, markdown))).orElse(null);
        });
    }

    @Override
    public CompletableFuture<Either<List<? extends Location>, List<? extends LocationLink>>> definition(DefinitionParams params) {
        return answer("definition", () -> Either.forLeft(List.of()), () -> {
            String uri = params.getTextDocument().getUri();
            SceneIndex index = index(uri);
            Optional<SceneIndex.Occurrence> at = index.at(Ranges.line(params.getPosition()), Ranges.column(params.getPosition()));
            if (at.isEmpty()) {
                return Either.forLeft(List.of());
            }
            SceneIndex.Occurrence o = at.get();
            if (o.role() == SceneIndex.Role.INCLUDE) {
                String target = uriOf(fileName(uri), o.text());
                return Either.forLeft(List.of(new Location(target, new Range(new Position(0, 0), new Position(0, 0)))));
            }
            if (o.kind() == null) {
                return Either.forLeft(List.of());
            }
            Optional<SceneIndex.Occurrence> here = index.definition(o.kind(), o.text(), o.span().startLine());
            if (here.isPresent()) {
                return Either.forLeft(List.of(new Location(uri, Ranges.of(here.get().span()))));
            }
            // Not defined here: in a file this one includes without a namespace.
            for (Map.Entry<String, SceneIndex> included : included(uri).entrySet()) {
                Optional<SceneIndex.Occurrence> there = included.getValue().definition(o.kind(), o.text(), 0);
                if (there.isPresent()) {
                    return Either.forLeft(List.of(new Location(included.getKey(), Ranges.of(there.get().span()))));
                }
            }
            return Either.forLeft(List.of());
        });
    }

    @Override
    public CompletableFuture<List<Either<SymbolInformation, DocumentSymbol>>> documentSymbol(DocumentSymbolParams params) {
        return answer("documentSymbol", List::of, () -> {
            SceneIndex index = index(params.getTextDocument().getUri());
            String[] lines = index.text().split("\r?\n", -1);
            List<Either<SymbolInformation, DocumentSymbol>> symbols = new ArrayList<>();
            for (SceneIndex.Occurrence d : index.definitions()) {
                int line = d.span().startLine();
                Range whole = new Range(new Position(line - 1, 0), new Position(line - 1, lines[line - 1].length()));
                DocumentSymbol s = new DocumentSymbol(d.text(), symbolKind(d.kind()), whole, Ranges.of(d.span()),
                        d.kind().name().toLowerCase(Locale.ROOT));
                symbols.add(Either.forRight(s));
            }
            return symbols;
        });
    }

    @Override
    public CompletableFuture<Either3<Range, PrepareRenameResult, PrepareRenameDefaultBehavior>> prepareRename(
            PrepareRenameParams params) {
        return answer("prepareRename", () -> null, () -> {
            SceneIndex index = index(params.getTextDocument().getUri());
            return index.at(Ranges.line(params.getPosition()), Ranges.column(params.getPosition()))
                    .filter(o -> o.kind() != null)
                    .map(o -> Either3.<Range, PrepareRenameResult, PrepareRenameDefaultBehavior>forSecond(
                            new PrepareRenameResult(Ranges.of(o.span()), o.text())))
                    .orElse(null);
        });
    }

    @Override
    public CompletableFuture<WorkspaceEdit> rename(RenameParams params) {
        if (!params.getNewName().matches("[a-zA-Z_][a-zA-Z_0-9]*")) {
            CompletableFuture<WorkspaceEdit> refused = new CompletableFuture<>();
            refused.completeExceptionally(new ResponseErrorException(new ResponseError(ResponseErrorCode.InvalidParams,
                    "'" + params.getNewName() + "' is not a name: a name is a letter or '_' and then letters, digits or '_'", null)));
            return refused;
        }
        return answer("rename", () -> null, () -> {
            String uri = params.getTextDocument().getUri();
            SceneIndex index = index(uri);
            Optional<SceneIndex.Occurrence> at = index.at(Ranges.line(params.getPosition()), Ranges.column(params.getPosition()))
                    .filter(o -> o.kind() != null);
            if (at.isEmpty()) {
                return null;
            }
            SceneIndex.Occurrence o = at.get();
            Map<String, List<TextEdit>> changes = new LinkedHashMap<>();
            changes.put(uri, edits(index, o, params.getNewName()));
            if (o.kind() != SceneIndex.NameKind.CONSTANT) {
                // Constants are each file's own; bodies, materials and the rest are shared with the
                // files included without a namespace.
                included(uri).forEach((u, other) -> {
                    List<TextEdit> e = edits(other, o, params.getNewName());
                    if (!e.isEmpty()) {
                        changes.put(u, e);
                    }
                });
            }
            return new WorkspaceEdit(changes);
        });
    }

    private static List<TextEdit> edits(SceneIndex index, SceneIndex.Occurrence o, String newName) {
        List<TextEdit> edits = new ArrayList<>();
        for (SceneIndex.Occurrence use : index.occurrencesOf(o.kind(), o.text())) {
            edits.add(new TextEdit(Ranges.of(use.span()), newName));
        }
        return edits;
    }

    // ------------------------------------------------------------------ files

    private String text(String uri) {
        String text = open.get(uri);
        if (text != null) {
            return text;
        }
        try {
            return Includes.readText(Path.of(URI.create(uri)));
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    private SceneIndex index(String uri) {
        return SceneIndex.of(fileName(uri), text(uri));
    }

    /** The files a document includes without a namespace, and theirs, by URI (at most 256, each once). */
    private Map<String, SceneIndex> included(String uri) {
        Map<String, SceneIndex> out = new LinkedHashMap<>();
        List<String> queue = new ArrayList<>(List.of(uri));
        Map<String, Boolean> seen = new HashMap<>();
        seen.put(uri, true);
        while (!queue.isEmpty() && out.size() < org.cairn.scene.SceneLimits.MAX_INCLUDES) {
            String from = queue.remove(0);
            SceneIndex index = from.equals(uri) ? index(uri) : out.get(from);
            String[] lines = index.text().split("\r?\n", -1);
            for (SceneIndex.Occurrence include : index.includes()) {
                String line = lines[include.span().startLine() - 1];
                if (line.matches(".*\"\\s+as\\s+\\w+.*")) {
                    continue;
                }
                String target = uriOf(fileName(from), include.text());
                if (seen.putIfAbsent(target, true) == null) {
                    try {
                        String text = open.containsKey(target) ? open.get(target)
                                : Includes.files().read(fileName(from), include.text()).text();
                        out.put(target, SceneIndex.of(fileName(target), text));
                        queue.add(target);
                    } catch (IOException | RuntimeException unreadable) {
                        // An include that cannot be read is reported by the diagnostics.
                    }
                }
            }
        }
        return out;
    }

    /** The path of a file URI, as diagnostics name the file; other URIs as they are. */
    static String fileName(String uri) {
        try {
            URI u = URI.create(uri);
            return "file".equals(u.getScheme()) ? Path.of(u).toString() : uri;
        } catch (RuntimeException notAPath) {
            return uri;
        }
    }

    /** The URI of a file named relative to the folder of {@code fromFile} (or absolute). */
    static String uriOf(String fromFile, String path) {
        Path parent = Path.of(fromFile).toAbsolutePath().getParent();
        return (parent == null ? Path.of(path) : parent.resolve(path)).normalize().toUri().toString();
    }

    private static SymbolKind symbolKind(SceneIndex.NameKind kind) {
        return switch (kind) {
            case BODY -> SymbolKind.Object;
            case MATERIAL -> SymbolKind.Struct;
            case LAYER -> SymbolKind.EnumMember;
            case JOINT -> SymbolKind.Interface;
            case PROBE -> SymbolKind.Event;
            case STATE -> SymbolKind.Namespace;
            case CONSTANT -> SymbolKind.Constant;
        };
    }

    /** Runs a request; a failure inside it is logged and answered with {@code fallback}, so one bad request cannot stop the server. */
    private <T> CompletableFuture<T> answer(String request, Supplier<T> fallback, Supplier<T> work) {
        try {
            return CompletableFuture.completedFuture(work.get());
        } catch (RuntimeException e) {
            log(request, e);
            return CompletableFuture.completedFuture(fallback.get());
        }
    }

    private void log(String what, RuntimeException e) {
        if (client != null) {
            client.logMessage(new org.eclipse.lsp4j.MessageParams(org.eclipse.lsp4j.MessageType.Error,
                    "cairn lsp: " + what + " failed: " + e));
        }
    }
}
