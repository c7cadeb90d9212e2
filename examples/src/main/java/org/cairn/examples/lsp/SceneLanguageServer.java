package org.cairn.examples.lsp;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.eclipse.lsp4j.CompletionOptions;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializeResult;
import org.eclipse.lsp4j.RenameOptions;
import org.eclipse.lsp4j.ServerCapabilities;
import org.eclipse.lsp4j.ServerInfo;
import org.eclipse.lsp4j.TextDocumentSyncKind;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageClientAware;
import org.eclipse.lsp4j.services.LanguageServer;
import org.eclipse.lsp4j.services.TextDocumentService;
import org.eclipse.lsp4j.services.WorkspaceService;

/**
 * The language server: what it can do (diagnostics as you type, formatting, completion, hover,
 * go to definition, outline, rename), and its lifecycle.
 */
final class SceneLanguageServer implements LanguageServer, LanguageClientAware {
    private final SceneDocuments documents = new SceneDocuments();
    private final SceneWorkspace workspace = new SceneWorkspace();
    private final java.util.function.IntConsumer exit;
    private int exitCode = 1;

    /** A server that ends the process through {@code exit} when the client says so. */
    SceneLanguageServer(java.util.function.IntConsumer exit) {
        this.exit = exit;
    }

    @Override
    public CompletableFuture<InitializeResult> initialize(InitializeParams params) {
        ServerCapabilities c = new ServerCapabilities();
        c.setTextDocumentSync(TextDocumentSyncKind.Full);
        c.setCompletionProvider(new CompletionOptions(false, List.of("=", " ", "(", ",")));
        c.setHoverProvider(true);
        c.setDefinitionProvider(true);
        c.setDocumentFormattingProvider(true);
        c.setDocumentSymbolProvider(true);
        c.setRenameProvider(new RenameOptions(true));
        return CompletableFuture.completedFuture(new InitializeResult(c, new ServerInfo("cairn", "0.1.0")));
    }

    @Override
    public CompletableFuture<Object> shutdown() {
        exitCode = 0;
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void exit() {
        // The protocol's exit: 0 after a shutdown request, 1 without one.
        exit.accept(exitCode);
    }

    @Override
    public TextDocumentService getTextDocumentService() {
        return documents;
    }

    @Override
    public WorkspaceService getWorkspaceService() {
        return workspace;
    }

    @Override
    public void connect(LanguageClient client) {
        documents.connect(client);
    }
}
