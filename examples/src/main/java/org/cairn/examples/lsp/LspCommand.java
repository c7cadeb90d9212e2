package org.cairn.examples.lsp;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import picocli.CommandLine.Command;

/** {@code cairn lsp}: a language server for .scene files, speaking the protocol on stdin and stdout. */
@Command(name = "lsp", mixinStandardHelpOptions = true,
        description = "Runs a language server for .scene files on stdin/stdout (docs/editors.md).")
public final class LspCommand implements Callable<Integer> {
    @Override
    public Integer call() throws InterruptedException {
        // Nothing else may write to stdout: it carries the protocol.
        java.io.PrintStream protocol = System.out;
        System.setOut(System.err);
        try {
            serve(System.in, protocol, System::exit).get();
        } catch (ExecutionException closed) {
            // The client closed the stream: the session is over.
        }
        return 0;
    }

    /**
     * Starts a server reading requests from {@code in} and writing to {@code out}, ending the
     * process through {@code exit} on the client's exit notification; the future ends with the stream.
     */
    public static Future<Void> serve(InputStream in, OutputStream out, java.util.function.IntConsumer exit) {
        SceneLanguageServer server = new SceneLanguageServer(exit);
        Launcher<LanguageClient> launcher = LSPLauncher.createServerLauncher(server, in, out);
        server.connect(launcher.getRemoteProxy());
        return launcher.startListening();
    }
}
