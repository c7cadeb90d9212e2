package org.cairn.verification.property;

import java.util.Set;

/**
 * A scene made by {@link SceneGenerator}: its {@code .scene} text (the one description that both the
 * property and {@code ./cairn run} build from), the family it was drawn from, tags describing what
 * happens in it (for coverage statistics), how many steps to run, whether it must come to rest
 * ({@code settleBySeconds} &gt; 0), and how many dynamic bodies it has.
 */
public record GeneratedScene(String text, String family, Set<String> tags, int steps, double settleBySeconds, int bodies) {
}
