package org.cairn.examples;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.cairn.scene.Includes;
import picocli.CommandLine.Option;

/**
 * {@code --include-root DIR}: a folder, besides each scene's own folder tree, that its
 * {@code include} statements may read from. A scene file is untrusted, so by default it reads
 * nothing outside the folder it is in.
 */
final class IncludeRoots {
    @Option(names = "--include-root", paramLabel = "DIR",
            description = "Also allow includes from this folder (repeatable); by default a scene includes only files"
                    + " from its own folder and below.")
    List<Path> roots = new ArrayList<>();

    /** How the scene's includes are read. */
    Includes includes() {
        return Includes.files(roots);
    }
}
