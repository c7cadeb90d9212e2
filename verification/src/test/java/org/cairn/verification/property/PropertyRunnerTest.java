package org.cairn.verification.property;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A campaign stops at its first failure, or at the Nth when asked ({@code -Dcairn.failures=N}),
 * so that one run over a long range of seeds reports every failure in it, each shrunk and written.
 * The scenes come with a pitfall switched on (each normal impulse increment clamped instead of the
 * accumulated impulse), which fails in most of them.
 */
class PropertyRunnerTest {
    private static final Path OUT = Path.of("target", "counterexamples", "runner");

    private static SceneGenerator pitfall() {
        return new SceneGenerator("soft", "experimental_clamp_increments=on");
    }

    @Test
    void aCampaignAskedForThreeFailuresReportsThreeInSeedOrderEachWritten() throws Exception {
        PropertyRunner.Report first = PropertyRunner.run("runner-first", pitfall(), 1000, 200, OUT, 1);
        PropertyRunner.Report three = PropertyRunner.run("runner-three", pitfall(), 1000, 200, OUT, 3);
        assertEquals(1, first.failures().size());
        assertEquals(first.failure().seed() - 1000 + 1, first.scenes(), "the first campaign stops at its failure");
        assertEquals(3, three.failures().size(), three.summary());
        assertEquals(first.failure().seed(), three.failure().seed(), "the same first failure");
        long previous = Long.MIN_VALUE;
        for (PropertyRunner.Failure f : three.failures()) {
            assertTrue(f.seed() > previous, "in seed order");
            previous = f.seed();
            assertTrue(Files.readString(f.file()).contains("seed " + f.seed()), f.file().toString());
        }
        assertEquals(three.failures().get(2).seed() - 1000 + 1, three.scenes(), "it stops at the third");
        assertTrue(three.summary().contains("3 failures in " + three.scenes() + " scenes"), three.summary());
    }
}
